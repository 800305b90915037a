import { describe, expect, it } from 'vitest';
import { formatCount, retryAfterText } from './messages.js';

describe('retryAfterText', () => {
  it('says seconds under two minutes and whole minutes above', () => {
    expect(retryAfterText(0)).toEqual({ key: 'retry_after_seconds', count: 1 });
    expect(retryAfterText(42.2)).toEqual({ key: 'retry_after_seconds', count: 43 });
    expect(retryAfterText(300)).toEqual({ key: 'retry_after_minutes', count: 5 });
    expect(retryAfterText(301)).toEqual({ key: 'retry_after_minutes', count: 6 });
    expect(formatCount('Try again in {{count}} minutes.', 5)).toBe('Try again in 5 minutes.');
  });
});
