import { type SmsCodeRequest, smsNoLoginCall, smsRegisterCall } from '@app/contract';
import { AppError } from '../../http/app-error.js';
import type { RegisterCall } from '../../http/call-route.js';
import { merchantOf } from '../system/index.js';
import type { VerificationService } from '../verification/index.js';
import type { SmsService } from './service.js';

export function registerSmsRoutes(
  registerCall: RegisterCall,
  deps: {
    sms: SmsService;
    verification: VerificationService;
    /** Whether a member's account is this full number (noLogin sends only to members). */
    isMemberNumber: (merchantCode: string, phone: string) => Promise<boolean>;
  },
): void {
  const { sms, verification, isMemberNumber } = deps;

  /** After the number passes (SPEC §5): the slider when the merchant has it, else the captcha. */
  const botCheck = (merchant: ReturnType<typeof merchantOf>, body: SmsCodeRequest) =>
    merchant.whiteLabel.sliderVerification
      ? verification.requireChallenge(merchant, body.challengeToken)
      : verification.checkCaptcha(merchant.code, body.captchaId, body.captcha);

  registerCall(smsRegisterCall, async ({ body, request }) => {
    const merchant = merchantOf(request);
    if (!merchant.whiteLabel.mobileRegistration && !merchant.whiteLabel.smsVerification) {
      throw new AppError('REGISTRATION_DISABLED');
    }
    return sms.sendCode(merchant, 'register', body, {
      ip: request.ip,
      botCheck: () => botCheck(merchant, body),
      deliver: async () => true,
    });
  });

  registerCall(smsNoLoginCall, async ({ body, request }) => {
    const merchant = merchantOf(request);
    if (!merchant.whiteLabel.mobileCodeLogin && !merchant.whiteLabel.phoneVerification) {
      throw new AppError('FORBIDDEN');
    }
    return sms.sendCode(merchant, 'noLogin', body, {
      ip: request.ip,
      botCheck: () => botCheck(merchant, body),
      deliver: (phone) => isMemberNumber(merchant.code, phone),
      hideDeliveryFailure: true,
    });
  });
}
