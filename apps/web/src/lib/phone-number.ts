/** Digits only, as typed in a mobile number field; the server checks the merchant's own rule too. */
export const MOBILE_NUMBER_PATTERN = /^[0-9]{6,15}$/;

/**
 * The full number the server keys SMS codes and mobile accounts on: the dialling code, then the
 * national number without a leading 0 (84 and 0912345678 make 84912345678).
 */
export function fullPhoneNumber(phone: { countryDialingCode: string; mobileNum: string }): string {
  return `${phone.countryDialingCode}${phone.mobileNum.trim().replace(/^0/, '')}`;
}

/** A typed mobile number's check for forms: true, or the message reference of its problem. */
export function checkMobileNumber(value: string): true | string {
  const number = value.trim();
  if (number === '') return 'validation:required';
  return MOBILE_NUMBER_PATTERN.test(number) || 'errors:PHONE_NUMBER_INVALID';
}
