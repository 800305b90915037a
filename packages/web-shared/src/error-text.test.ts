import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { errorText } from './error-text';

const texts: Record<string, string> = {
  'errors:RATE_LIMITED': 'Too many attempts. Please wait a moment and try again',
  'validation:retry_after_seconds': 'Try again in {{count}} seconds.',
  'validation:retry_after_minutes': 'Try again in {{count}} minutes.',
};
const t = ((key: string, options?: { count?: number }) =>
  (texts[key] ?? '').replace('{{count}}', String(options?.count ?? ''))) as unknown as TFunction;

describe('errorText', () => {
  it('says when to try again after a rate-limited answer (issue 22 item 17)', () => {
    const seconds = new ApiError(429, 'RATE_LIMITED', '', { retryAfterSeconds: 42 });
    expect(errorText(t, seconds)).toBe(
      'Too many attempts. Please wait a moment and try again. Try again in 42 seconds.',
    );
    const minutes = new ApiError(429, 'RATE_LIMITED', '', { retryAfterSeconds: 300 });
    expect(errorText(t, minutes)).toContain('Try again in 5 minutes.');
    expect(errorText(t, new ApiError(429, 'RATE_LIMITED', ''))).toBe(texts['errors:RATE_LIMITED']);
  });
});
