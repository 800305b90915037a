import { randomBytes } from 'node:crypto';
import {
  findRegisterPattern,
  type RegisterFieldName,
  type RegisterFieldRule,
  type RegisterSettings,
  registerFieldNames,
  resourceTypes,
  type WhiteLabelSwitches,
} from '@app/contract';
import { sql } from 'kysely';
import { seedDemoContent } from '../modules/content/index.js';
import { seedDemoCatalogue } from '../modules/games/index.js';
import { seedDemoLottery } from '../modules/lottery/index.js';
import { hashPassword } from '../modules/member/index.js';
import type { Db } from './database.js';

export const DEMO_MERCHANT_CODE = 'DEMO';
/** The demo agent's affiliate (invitation) code: `/register?affiliateCode=DEMO2026`. */
export const DEMO_AFFILIATE_CODE = 'DEMO2026';
export const DEMO_AGENT_USERNAME = 'demoagent';
/** The demo's one transfer-wallet vendor (min 1,000.00, max 100,000,000.00 per transfer). */
export const DEMO_VENDOR_WALLET_CODE = 'DEMOVENDOR';
/** Account type of the demo agent (SPEC §4: 1, 2, 41 and 42 are agents). */
const DEMO_AGENT_TYPE = 1;

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
const demoRegisterSettings: RegisterSettings = {
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
const demoWhiteLabel: WhiteLabelSwitches = {
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
  referralPromo: false,
  loginRequiredHome: false,
  captchaOnLogin: false,
  sliderVerification: false,
  dividend: false,
  dailySalary: false,
  hourlySalary: false,
  realTimeSalary: false,
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
];

/**
 * Customer service of the demo (SPEC §3). The demo has no chat provider: live chat opens the
 * help centre's contact article in the pop-up; an operator sets its provider's address here.
 */
const demoCustomerService = [
  { csType: 'LIVECHAT', path: '/helpmc#contact', title: 'Live chat 24/7' },
  { csType: 'VIP', path: '/helpmc#contact', title: 'VIP host' },
];

/** Loads the demo merchant once; a second run leaves an existing (perhaps edited) merchant alone. */
export async function seedDemoMerchant(db: Db): Promise<boolean> {
  const inserted = await db
    .insertInto('merchants')
    .values({
      code: DEMO_MERCHANT_CODE,
      name: 'Demo Casino',
      currency: 'VND',
      currency_symbol: '₫',
      default_language: 'EN',
      // Every language with texts, so the picker offers them all (TY: English until supplied).
      supported_languages: ['EN', 'VI', 'CN', 'ID', 'PT', 'PT-BR', 'TH', 'TY'],
      default_game_language: 'EN',
      domains: ['localhost', '127.0.0.1'],
      white_label: JSON.stringify(demoWhiteLabel),
      register_settings: JSON.stringify(demoRegisterSettings),
      resources: JSON.stringify(demoResources),
      customer_service: JSON.stringify(demoCustomerService),
      analytics_id: null,
      password_max_age_days: null,
      sms_dialing_codes: ['84'],
    })
    .onConflict((conflict) => conflict.column('code').doNothing())
    .returning('code')
    .executeTakeFirst();
  await db
    .insertInto('payment_methods')
    .values({
      merchant_code: DEMO_MERCHANT_CODE,
      code: 'sandbox',
      kind: 'sandbox',
      name: 'Sandbox card (demo, no real money)',
      currency: 'VND',
      min_amount_minor: '1000000',
      max_amount_minor: '10000000000',
      callback_secret: randomBytes(32).toString('base64url'),
    })
    .onConflict((conflict) => conflict.columns(['merchant_code', 'code']).doNothing())
    .execute();
  await db
    .insertInto('withdrawal_settings')
    .values({
      merchant_code: DEMO_MERCHANT_CODE,
      min_amount_minor: '5000000',
      max_amount_minor: '5000000000',
    })
    .onConflict((conflict) => conflict.column('merchant_code').doNothing())
    .execute();
  // One vendor that keeps its own balance, so the demo shows transfer wallets (my wallet page).
  await db
    .insertInto('vendor_wallets')
    .values({
      merchant_code: DEMO_MERCHANT_CODE,
      code: DEMO_VENDOR_WALLET_CODE,
      name: 'Demo vendor wallet',
      min_transfer_minor: '100000',
      max_transfer_minor: '10000000000',
    })
    .onConflict((conflict) => conflict.columns(['merchant_code', 'code']).doNothing())
    .execute();
  // A demo database made before the resources existed gets them (an edited list is kept).
  await db
    .updateTable('merchants')
    .set({ resources: JSON.stringify(demoResources) })
    .where('code', '=', DEMO_MERCHANT_CODE)
    .where(sql<boolean>`resources = '[]'::jsonb`)
    .execute();
  await seedDemoMoneyMoves(db);
  await seedDemoContent(db, DEMO_MERCHANT_CODE);
  await seedDemoCatalogue(db, DEMO_MERCHANT_CODE);
  await seedDemoLottery(db, DEMO_MERCHANT_CODE);
  await seedDemoAgent(db);
  return inserted !== undefined;
}

/**
 * An agent whose affiliate code new players can register with. Nobody logs in as it: its
 * password is random and never kept. Idempotent.
 */
async function seedDemoAgent(db: Db): Promise<void> {
  const existing = await db
    .selectFrom('members')
    .select('id')
    .where('merchant_code', '=', DEMO_MERCHANT_CODE)
    .where('username_normalized', '=', DEMO_AGENT_USERNAME)
    .executeTakeFirst();
  const agent =
    existing ??
    (await db
      .insertInto('members')
      .values({
        merchant_code: DEMO_MERCHANT_CODE,
        username: DEMO_AGENT_USERNAME,
        username_normalized: DEMO_AGENT_USERNAME,
        password_hash: await hashPassword(randomBytes(32).toString('base64url')),
        nickname: 'Demo agent',
        type: DEMO_AGENT_TYPE,
        profile: JSON.stringify({}),
        register_method: 'SEED',
      })
      .onConflict((conflict) =>
        conflict.columns(['merchant_code', 'username_normalized']).doNothing(),
      )
      .returning('id')
      .executeTakeFirst());
  if (!agent) return; // Another process seeded it at the same moment; its code follows.
  await sql`
    INSERT INTO affiliate_codes (merchant_code, code, agent_member_id)
    VALUES (${DEMO_MERCHANT_CODE}, ${DEMO_AFFILIATE_CODE}, ${agent.id})
    ON CONFLICT (merchant_code, lower(code)) DO NOTHING
  `.execute(db);
}

/** The demo bank account players pay manual deposits into (fictional). */
export const DEMO_MANUAL_BANK_DETAILS = {
  bankName: 'Vietcombank',
  accountName: 'CONG TY DEMO',
  accountNumber: '0071000123456',
  branch: 'Ho Chi Minh City',
} as const;

/** A manual bank deposit method and the limits of transfers between members. Idempotent. */
async function seedDemoMoneyMoves(db: Db): Promise<void> {
  await db
    .insertInto('payment_methods')
    .values({
      merchant_code: DEMO_MERCHANT_CODE,
      code: 'manual-bank',
      kind: 'manual_bank',
      name: 'Bank transfer (approved by an operator)',
      currency: 'VND',
      min_amount_minor: '5000000',
      max_amount_minor: '50000000000',
      callback_secret: randomBytes(32).toString('base64url'),
      bank_details: JSON.stringify(DEMO_MANUAL_BANK_DETAILS),
      sort_order: 1,
    })
    .onConflict((conflict) => conflict.columns(['merchant_code', 'code']).doNothing())
    .execute();
  await db
    .insertInto('transfer_settings')
    .values({
      merchant_code: DEMO_MERCHANT_CODE,
      min_amount_minor: '1000000',
      max_amount_minor: '5000000000',
      daily_max_minor: '20000000000',
    })
    .onConflict((conflict) => conflict.column('merchant_code').doNothing())
    .execute();
}

/** The demo merchant's operator, for trying the operator API outside production. */
export async function seedDemoOperator(db: Db, passwordHash: string): Promise<void> {
  await db
    .insertInto('operators')
    .values({
      merchant_code: DEMO_MERCHANT_CODE,
      username: 'operator',
      password_hash: passwordHash,
      role: 'admin',
    })
    .onConflict((conflict) => conflict.columns(['merchant_code', 'username']).doNothing())
    .execute();
}
