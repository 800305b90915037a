/** Characters of an e-mail's local part and of a number's end that stay visible. */
const EMAIL_VISIBLE_CHARS = 2;
const PHONE_VISIBLE_DIGITS = 3;

/** `ab***@example.com`: enough to recognise the address, not to read it over a shoulder. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, Math.min(EMAIL_VISIBLE_CHARS, at))}***${email.slice(at)}`;
}

/** `+84 ******678`: the dialling code and the last digits. */
export function maskPhone(fullNumber: string, dialingCode: string | undefined): string {
  const code = dialingCode && fullNumber.startsWith(dialingCode) ? dialingCode : '';
  const national = fullNumber.slice(code.length);
  const shown = national.slice(-PHONE_VISIBLE_DIGITS);
  const hidden = '*'.repeat(Math.max(0, national.length - shown.length));
  return `${code ? `+${code} ` : ''}${hidden}${shown}`;
}
