import {
  findRegisterPattern,
  type RegisterFieldName,
  type RegisterFieldRule,
  type RegisterSettings,
  registerFieldNames,
  resourceTypes,
  type WhiteLabelSwitches,
} from '@app/contract';

/** The demo merchant's settings: what `npm start` serves on localhost. */

function rule(
  patternId: number,
  minLength: number,
  maxLength: number,
  options: { enabled?: boolean; required?: boolean } = {},
): RegisterFieldRule {
  const pattern = findRegisterPattern(patternId);
  if (!pattern) throw new Error(`unknown register pattern ${patternId}`);
  return {
    enabled: options.enabled ?? false,
    required: options.required ?? false,
    patternId,
    acceptedPattern: pattern.regex.source,
    minLength,
    maxLength,
  };
}

/** The demo merchant asks only for a username and a password; the other fields are ready to switch on. */
export const demoRegisterSettings: RegisterSettings = {
  username: rule(1, 6, 16, { enabled: true, required: true }),
  password: rule(5, 6, 20, { enabled: true, required: true }),
  payeeName: rule(20, 2, 50),
  paymentPassword: rule(6, 6, 6),
  qqNum: rule(6, 5, 12),
  line: rule(9, 2, 50),
  whatsapp: rule(21, 6, 16),
  zalo: rule(21, 6, 16),
  facebook: rule(9, 2, 100),
  wechat: rule(9, 2, 50),
  idNumber: rule(4, 6, 20),
  email: rule(3, 5, 100),
  mobileNum: rule(6, 9, 11),
  affiliateCode: rule(4, 4, 20),
  captcha: rule(6, 4, 4),
  recommenderId: rule(4, 4, 20),
};

const missingRules = registerFieldNames.filter(
  (field: RegisterFieldName) => !(field in demoRegisterSettings),
);
if (missingRules.length > 0) throw new Error(`demo register rules missing: ${missingRules}`);

/** Switches stay off until the feature behind them exists. */
export const demoWhiteLabel: WhiteLabelSwitches = {
  directRegistration: true,
  mobileRegistration: true,
  mobileCodeLogin: true,
  // On only once username registration asks for the SMS code too (not built yet).
  smsVerification: false,
  phoneVerification: true,
  socialSignIn: false,
  freePlay: true,
  chat: false,
  forcedPasswordChange: false,
  referralPromo: true,
  loginRequiredHome: false,
  captchaOnLogin: false,
  sliderVerification: false,
  dividend: false,
  dailySalary: false,
  hourlySalary: false,
  realTimeSalary: false,
  commission: true,
};

/** A picture of accepted payment methods for the footer, drawn as SVG (no files to serve). */
function paymentMethodsImage(): string {
  const labels = ['VISA', 'Mastercard', 'Bank transfer', 'MoMo', 'ZaloPay'];
  let x = 0;
  const chips = labels
    .map((label) => {
      const width = 24 + label.length * 11;
      const chip = `<rect x="${x}" y="0" width="${width}" height="36" rx="8" fill="#8b93a7" fill-opacity=".18"/><text x="${x + width / 2}" y="23" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="15" font-weight="700" fill="#8b93a7">${label}</text>`;
      x += width + 10;
      return chip;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${x}" height="36" viewBox="0 0 ${x} 36">${chips}</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * Links of the demo site (SPEC §3 Resource): the app downloads (the Android store link and the
 * iOS configuration profile, whose QR codes /download and the left bar draw), the social links
 * and the footer's payment image.
 */
export const demoResources = [
  {
    resourceType: resourceTypes.android,
    url: 'https://play.google.com/store/apps/details?id=com.example.democasino',
    qrCodeUrl: null,
    labelNameEn: 'Android app',
  },
  {
    resourceType: resourceTypes.ios,
    url: 'https://demo-casino.example.com/ios/demo-casino.mobileconfig',
    qrCodeUrl: null,
    labelNameEn: 'iOS home-screen profile',
  },
  {
    resourceType: 'FACEBOOK',
    url: 'https://www.facebook.com/democasino.official',
    qrCodeUrl: null,
    labelNameEn: 'Facebook',
  },
  {
    resourceType: 'TELEGRAM',
    url: 'https://t.me/democasino_official',
    qrCodeUrl: null,
    labelNameEn: 'Telegram',
  },
  {
    resourceType: 'TELEGRAM1',
    url: 'https://t.me/democasino_promotions',
    qrCodeUrl: null,
    labelNameEn: 'Telegram promotions',
  },
  {
    resourceType: 'TIKTOK',
    url: 'https://www.tiktok.com/@democasino',
    qrCodeUrl: null,
    labelNameEn: 'TikTok',
  },
  { resourceType: 'X', url: 'https://x.com/democasino', qrCodeUrl: null, labelNameEn: 'X' },
  {
    resourceType: 'INSTAGRAM',
    url: 'https://www.instagram.com/democasino',
    qrCodeUrl: null,
    labelNameEn: 'Instagram',
  },
  {
    resourceType: 'YOUTUBE',
    url: 'https://www.youtube.com/@democasino',
    qrCodeUrl: null,
    labelNameEn: 'YouTube',
  },
  {
    resourceType: 'PAYMENT_IMAGE',
    url: paymentMethodsImage(),
    qrCodeUrl: null,
    labelNameEn: 'Accepted payment methods',
  },
  {
    resourceType: resourceTypes.affiliate,
    url: 'https://demo-casino.example.com/affiliate',
    qrCodeUrl: null,
    labelNameEn: 'Affiliate programme',
  },
];

/**
 * Customer service of the demo (SPEC §3). The demo has no chat provider: live chat opens the
 * help centre's contact article in the pop-up; an operator sets its provider's address here.
 */
export const demoCustomerService = [
  { csType: 'LIVECHAT', path: '/helpmc#contact', title: 'Live chat 24/7' },
  { csType: 'VIP', path: '/helpmc#contact', title: 'VIP host' },
];
