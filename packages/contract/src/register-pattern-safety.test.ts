import { describe, expect, it } from 'vitest';
import {
  checkPatternSafety,
  REGISTER_PATTERN_SOURCE_MAX_LENGTH,
} from './register-pattern-safety.js';
import { checkRegisterField } from './register-rules.js';
import { registerRuleProblem } from './settings-rules.js';

describe('checkPatternSafety', () => {
  it.each([
    '[A-Z]{2}[0-9]{4,8}',
    '\\+?[0-9]+',
    '[a-z]+@[a-z]+\\.com',
    '(?:ab|cd)?[0-9]+',
    '(?=.*[A-Z])[A-Za-z0-9]+',
    '[(+*)]+x',
    '(?:[0-9]{3})-[0-9]{4}',
  ])('accepts %s', (source) => {
    expect(checkPatternSafety(source)).toBe('ok');
  });

  it.each([
    '(a+)+',
    '(a*)*b',
    '(?:\\w+\\s?)*$',
    '(a|ab)*c',
    '(x+x+)+y',
    '((a)+)+',
    '(a{1,5}){2,}',
    '(?:[a-z]+,){1,100}',
    '(a)\\1',
  ])('refuses the catastrophic %s', (source) => {
    expect(checkPatternSafety(source)).toBe('unsafe');
  });

  it('refuses what does not compile and what is too long', () => {
    expect(checkPatternSafety('[a-')).toBe('invalid');
    expect(checkPatternSafety('(ab')).toBe('invalid');
    expect(checkPatternSafety('a'.repeat(REGISTER_PATTERN_SOURCE_MAX_LENGTH + 1))).toBe('too-long');
  });
});

const rule = {
  enabled: true,
  required: false,
  patternId: 0,
  acceptedPattern: '',
  minLength: 1,
  maxLength: 20,
};

describe('registerRuleProblem', () => {
  it('names each rule an operator breaks', () => {
    expect(registerRuleProblem(rule)).toBeNull();
    expect(registerRuleProblem({ ...rule, enabled: false, required: true })).toBe(
      'SETTINGS_REQUIRED_NOT_ENABLED',
    );
    expect(registerRuleProblem({ ...rule, minLength: 21 })).toBe('SETTINGS_LENGTHS_INVALID');
    expect(registerRuleProblem({ ...rule, acceptedPattern: '(a+)+' })).toBe(
      'SETTINGS_PATTERN_UNSAFE',
    );
    expect(registerRuleProblem({ ...rule, acceptedPattern: '[' })).toBe('SETTINGS_PATTERN_INVALID');
  });
});

describe('an operator pattern in checkRegisterField', () => {
  it('is checked on top of the catalogue pattern, anchored', () => {
    const own = { ...rule, acceptedPattern: 'VIP[0-9]{3}' };
    expect(checkRegisterField(own, 'VIP123')).toBeNull();
    expect(checkRegisterField(own, 'VIP12')?.kind).toBe('pattern');
    expect(checkRegisterField(own, 'xVIP123')?.kind).toBe('pattern');
  });
});
