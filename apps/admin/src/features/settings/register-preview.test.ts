import {
  type RegisterFieldRule,
  type RegisterSettings,
  registerFieldNames,
} from '@app/contract/client';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import english from './locales/en/settings.json';
import vietnamese from './locales/vi/settings.json';
import { previewMessage } from './register-preview';

const off: RegisterFieldRule = {
  enabled: false,
  required: false,
  patternId: 0,
  acceptedPattern: '',
  minLength: 0,
  maxLength: 50,
};
const settings = Object.fromEntries(
  registerFieldNames.map((field) => [field, off]),
) as RegisterSettings;
const t = ((key: string) => key) as unknown as TFunction;

function keysOf(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('the registration preview', () => {
  it("gives the site's messages for the rules being edited", () => {
    const rules = {
      ...settings,
      qqNum: { ...off, enabled: true, required: true, patternId: 6, minLength: 5, maxLength: 11 },
      paymentPassword: { ...off, enabled: true, patternId: 6, minLength: 6, maxLength: 6 },
      line: { ...off, enabled: true, acceptedPattern: 'L[0-9]+' },
    };
    expect(previewMessage(t, 'qqNum', rules, '')).toBe('validation:required');
    expect(previewMessage(t, 'qqNum', rules, '12a45')).toBe('validation:reg_pattern_6');
    expect(previewMessage(t, 'qqNum', rules, '12345')).toBeNull();
    // Required whenever shown, as on the site (the contract's effectiveRegisterRule).
    expect(previewMessage(t, 'paymentPassword', rules, '')).toBe('validation:required');
    expect(previewMessage(t, 'line', rules, 'X12')).toBe('validation:reg_pattern_0');
    expect(previewMessage(t, 'line', rules, 'L12')).toBeNull();
    expect(previewMessage(t, 'line', rules, '')).toBeNull();
  });

  it('has every English text of the pages in Vietnamese', () => {
    expect(keysOf(vietnamese).sort()).toEqual(keysOf(english).sort());
  });
});
