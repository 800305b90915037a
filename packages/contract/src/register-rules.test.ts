import { describe, expect, it } from 'vitest';
import { formatPatternMessage } from './messages.js';
import {
  checkRegisterField,
  effectiveRegisterRule,
  normalizeRegisterValue,
  type RegisterFieldRule,
} from './register-rules.js';

const usernameRule: RegisterFieldRule = {
  enabled: true,
  required: true,
  patternId: 1,
  acceptedPattern: '',
  minLength: 6,
  maxLength: 16,
};

describe('checkRegisterField', () => {
  it('accepts a value that fits the pattern and lengths', () => {
    expect(checkRegisterField(usernameRule, 'player1')).toBeNull();
  });

  it('reports a missing required value', () => {
    expect(checkRegisterField(usernameRule, '')).toEqual({ kind: 'required' });
  });

  it('reports pattern and length problems as the one pattern message', () => {
    const problem = { kind: 'pattern', patternId: 1, minLength: 6, maxLength: 16 };
    expect(checkRegisterField(usernameRule, '1player')).toEqual(problem);
    expect(checkRegisterField(usernameRule, 'abc')).toEqual(problem);
    expect(checkRegisterField(usernameRule, 'a'.repeat(17))).toEqual(problem);
  });

  it('ignores disabled fields and empty optional ones', () => {
    expect(checkRegisterField({ ...usernameRule, enabled: false }, '!!')).toBeNull();
    expect(checkRegisterField({ ...usernameRule, required: false }, '')).toBeNull();
    expect(checkRegisterField({ ...usernameRule, required: false }, '!!')).not.toBeNull();
  });

  it('trims everything but passwords', () => {
    expect(normalizeRegisterValue('username', '  player1 ')).toBe('player1');
    expect(normalizeRegisterValue('password', ' pass word ')).toBe(' pass word ');
    expect(normalizeRegisterValue('email', undefined)).toBe('');
  });
});

describe('effectiveRegisterRule', () => {
  it('requires the payment password whenever it is shown, and leaves other rules alone', () => {
    const optional = { ...usernameRule, required: false };
    expect(effectiveRegisterRule('paymentPassword', optional).required).toBe(true);
    expect(effectiveRegisterRule('paymentPassword', { ...optional, enabled: false })).toEqual({
      ...optional,
      enabled: false,
    });
    expect(effectiveRegisterRule('email', optional)).toBe(optional);
  });
});

describe('formatPatternMessage', () => {
  it('puts in the lengths, once when they are equal', () => {
    expect(formatPatternMessage('Enter (min)-(max) digits', 4, 8)).toBe('Enter 4-8 digits');
    expect(formatPatternMessage('Enter (min)-(max) digits', 6, 6)).toBe('Enter 6 digits');
    expect(formatPatternMessage('At least (min), at most (max)', 1, 2)).toBe(
      'At least 1, at most 2',
    );
  });
});
