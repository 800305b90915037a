/**
 * Default passwords that agents and operators hand out when they open an account for someone
 * (SPEC §4's weak default password). A login with one of them answers `passwordExpired`, so the
 * change-password form comes before anything else, whatever the merchant's expiry settings.
 */
export const WEAK_DEFAULT_PASSWORDS: ReadonlySet<string> = new Set([
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '000000',
  '111111',
  '888888',
  '666666',
  'a123456',
  'aa123456',
  'abc123',
  'abc12345',
  'qwe123',
  'password',
  'password1',
]);

export function isWeakDefaultPassword(password: string): boolean {
  return WEAK_DEFAULT_PASSWORDS.has(password.trim().toLowerCase());
}
