import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { i18n } from '../../../lib/i18n';
import { newPasswordErrorText } from './new-password-error-text';

describe('newPasswordErrorText', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });

  it("words a broken password rule as the rule's message with its lengths", () => {
    const error = new ApiError(400, 'REG_FIELD_INVALID', 'x', {
      field: 'newPassword',
      patternId: 1,
      minLength: 6,
      maxLength: 16,
    });
    expect(newPasswordErrorText(i18n.t, error)).toBe(
      'Please enter 6-16 letters and digits, starting with a letter',
    );
  });

  it('words any other failure by its error code', () => {
    expect(newPasswordErrorText(i18n.t, new ApiError(429, 'RATE_LIMITED', 'x'))).toBe(
      'Too many attempts. Please wait a moment and try again',
    );
  });
});
