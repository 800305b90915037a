/**
 * SPEC §3: the SMS-login phone with its country code is kept in a cookie (JSON) so that the
 * next SMS login starts with it filled in. Only the number: never the code.
 */
export const SMS_LOGIN_PHONE_COOKIE = 'smsLoginPhone';
/** Kept this long after the last SMS login. */
export const SMS_LOGIN_PHONE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export interface SmsLoginPhone {
  countryDialingCode: string;
  mobileNum: string;
}

const DIGITS = /^[0-9]{1,32}$/;

export function readSmsLoginPhone(cookies: string = document.cookie): SmsLoginPhone | null {
  const entry = cookies
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SMS_LOGIN_PHONE_COOKIE}=`));
  if (!entry) return null;
  try {
    const value = JSON.parse(decodeURIComponent(entry.slice(SMS_LOGIN_PHONE_COOKIE.length + 1)));
    if (DIGITS.test(value?.countryDialingCode) && DIGITS.test(value?.mobileNum)) {
      return { countryDialingCode: value.countryDialingCode, mobileNum: value.mobileNum };
    }
  } catch {
    // A cookie someone else wrote: ignore it.
  }
  return null;
}

/** The Set-Cookie text of the phone (Secure on https pages). */
export function smsLoginPhoneCookie(phone: SmsLoginPhone, secure: boolean): string {
  const value = encodeURIComponent(JSON.stringify(phone));
  return `${SMS_LOGIN_PHONE_COOKIE}=${value}; Max-Age=${SMS_LOGIN_PHONE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function writeSmsLoginPhone(phone: SmsLoginPhone): void {
  if (!DIGITS.test(phone.countryDialingCode) || !DIGITS.test(phone.mobileNum)) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari.
  document.cookie = smsLoginPhoneCookie(phone, window.location.protocol === 'https:');
}
