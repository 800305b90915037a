import type { RegisterRequest, RegisterSettings } from '@app/contract/client';
import { type ExtraRegisterValues, extraRegisterFields } from '../components/register-extra-fields';

/** Values of both registration forms beyond their own fields. */
export interface SharedRegisterValues extends ExtraRegisterValues {
  referralCode: string;
}

/**
 * The part of a registration body both forms send (SPEC §3): every enabled field that has a
 * value (trimmed, the payment password as typed), the referral code, and where the page is
 * (`registerUrl`, `domain`, `registerMethod` WEB).
 */
export function sharedRegisterBody(
  values: SharedRegisterValues,
  settings: RegisterSettings,
  /** Fields the form sends itself (the mobile number of mobile registration). */
  skip: ReadonlySet<string> = new Set(),
): Partial<RegisterRequest> {
  const body: Partial<Record<string, string>> = {};
  for (const field of extraRegisterFields) {
    if (skip.has(field) || !settings[field].enabled) continue;
    const value = field === 'paymentPassword' ? values[field] : values[field].trim();
    if (value !== '') body[field] = value;
  }
  const referralCode = values.referralCode.trim();
  return {
    ...body,
    ...(referralCode ? { referralCode } : {}),
    registerMethod: 'WEB',
    registerUrl: window.location.href,
    domain: window.location.hostname,
  };
}
