/** Digits of an SMS verification code. */
export const SMS_CODE_LENGTH = 6;
/** At most one code per number this often; the web's Send button waits at least this long. */
export const SMS_RESEND_SECONDS = 60;
