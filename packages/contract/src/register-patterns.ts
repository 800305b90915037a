/**
 * The registration pattern catalogue (SPEC §5): `reg_pattern_{id}` names both the rule and the
 * message shown when a value breaks it. Server and web validate with this one table.
 */
export interface RegisterPattern {
  readonly id: number;
  /** What the pattern accepts, for operators choosing a rule. */
  readonly description: string;
  readonly regex: RegExp;
  /** A check that a regular expression cannot express, such as a real calendar date. */
  readonly check?: (value: string) => boolean;
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

const HIRAGANA = '\\u3040-\\u309F';
const KATAKANA_FULL_WIDTH = '\\u30A0-\\u30FF\\u31F0-\\u31FF';
const CJK_IDEOGRAPHS = '\\u3400-\\u4DBF\\u4E00-\\u9FFF\\uF900-\\uFAFF';
const CJK_SYMBOLS_AND_FULL_WIDTH_SPACE = '\\u3000-\\u303F';
const FULL_WIDTH_LATIN_AND_DIGITS = '\\uFF01-\\uFF5E';

export const registerPatterns: readonly RegisterPattern[] = [
  { id: 0, description: 'any characters', regex: /^[\s\S]*$/u },
  {
    id: 1,
    description: 'a letter first, then letters and digits',
    regex: /^[A-Za-z][A-Za-z0-9]*$/,
  },
  { id: 2, description: 'Chinese characters and digits', regex: /^[\p{Script=Han}0-9]+$/u },
  {
    id: 3,
    description: 'an email address',
    regex:
      /^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/,
  },
  { id: 4, description: 'letters or digits', regex: /^[A-Za-z0-9]+$/ },
  {
    id: 5,
    description: 'letters and digits, both present',
    regex: /^(?=[A-Za-z0-9]*[A-Za-z])(?=[A-Za-z0-9]*[0-9])[A-Za-z0-9]+$/,
  },
  { id: 6, description: 'digits only', regex: /^[0-9]+$/ },
  {
    id: 7,
    description: 'letters and digits with at least one uppercase letter',
    regex: /^(?=[A-Za-z0-9]*[A-Z])[A-Za-z0-9]+$/,
  },
  { id: 8, description: 'English letters and spaces', regex: /^(?=.*[A-Za-z])[A-Za-z ]+$/ },
  { id: 9, description: 'no spaces', regex: /^\S+$/u },
  {
    id: 10,
    description: 'Chinese characters and punctuation',
    regex: /^[\p{Script=Han}\p{P}]+$/u,
  },
  {
    id: 11,
    description: 'a date as yyyy-MM-dd',
    regex: /^\d{4}-\d{2}-\d{2}$/,
    check: (value) => {
      const [year, month, day] = value.split('-').map(Number);
      return isCalendarDate(year ?? 0, month ?? 0, day ?? 0);
    },
  },
  {
    id: 12,
    description: 'a date as MM-dd-yyyy',
    regex: /^\d{2}-\d{2}-\d{4}$/,
    check: (value) => {
      const [month, day, year] = value.split('-').map(Number);
      return isCalendarDate(year ?? 0, month ?? 0, day ?? 0);
    },
  },
  { id: 13, description: 'Thai characters only', regex: /^[\u0E01-\u0E5B]+$/u },
  { id: 14, description: 'Korean characters only', regex: /^[\p{Script=Hangul}]+$/u },
  {
    id: 15,
    description: 'uppercase, lowercase, digit and symbol, all present',
    regex: /^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])(?=.*[^A-Za-z0-9\s])\S+$/u,
  },
  {
    id: 16,
    description: 'a full name: two or more words separated by single spaces',
    regex: /^[\p{L}\p{M}]+(?: [\p{L}\p{M}]+)+$/u,
  },
  {
    id: 17,
    description: 'full-width Japanese (kana, kanji, full-width letters and digits)',
    regex: new RegExp(
      `^[${HIRAGANA}${KATAKANA_FULL_WIDTH}${CJK_IDEOGRAPHS}${CJK_SYMBOLS_AND_FULL_WIDTH_SPACE}${FULL_WIDTH_LATIN_AND_DIGITS}]+$`,
      'u',
    ),
  },
  { id: 18, description: 'English letters only', regex: /^[A-Za-z]+$/ },
  { id: 19, description: 'Chinese characters only', regex: /^\p{Script=Han}+$/u },
  {
    id: 20,
    description: 'letters of any language (with accents) and single spaces',
    regex: /^[\p{L}\p{M}]+(?: [\p{L}\p{M}]+)*$/u,
  },
  {
    id: 21,
    description: 'a phone number: digits with an optional leading +',
    regex: /^\+?[0-9]+$/,
  },
  { id: 22, description: 'lowercase letters and digits', regex: /^[a-z0-9]+$/ },
];

export const REGISTER_PATTERN_MAX_ID = registerPatterns.length - 1;

export function findRegisterPattern(patternId: number): RegisterPattern | undefined {
  return registerPatterns[patternId];
}

export function matchesRegisterPattern(patternId: number, value: string): boolean {
  const pattern = findRegisterPattern(patternId);
  if (!pattern) return false;
  return pattern.regex.test(value) && (pattern.check?.(value) ?? true);
}

/** Lengths count characters as people see them (code points), not UTF-16 units. */
export function characterLength(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}
