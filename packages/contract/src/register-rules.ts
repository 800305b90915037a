import {
  characterLength,
  findRegisterPattern,
  matchesRegisterPattern,
} from './register-patterns.js';

/** The sixteen registration fields whose rules a merchant sets (SPEC §5). */
export const registerFieldNames = [
  'username',
  'password',
  'payeeName',
  'paymentPassword',
  'qqNum',
  'line',
  'whatsapp',
  'zalo',
  'facebook',
  'wechat',
  'idNumber',
  'email',
  'mobileNum',
  'affiliateCode',
  'captcha',
  'recommenderId',
] as const;
export type RegisterFieldName = (typeof registerFieldNames)[number];

/** No field value may be longer than this, whatever a merchant configures. */
export const REGISTER_FIELD_MAX_LENGTH_LIMIT = 255;

/** A merchant's rule for one registration field (SPEC §5). */
export interface RegisterFieldRule {
  enabled: boolean;
  required: boolean;
  /** Id in the pattern catalogue: the rule and its message `reg_pattern_{id}`. */
  patternId: number;
  /**
   * The catalogue pattern's source (for clients that validate without the catalogue), or an
   * operator's own pattern checked on top of the catalogue's (saved only when
   * `checkPatternSafety` accepts it); empty for none.
   */
  acceptedPattern: string;
  minLength: number;
  maxLength: number;
}

export type RegisterSettings = Record<RegisterFieldName, RegisterFieldRule>;

/** Fields whose value is kept exactly as typed; every other field is trimmed first. */
const untrimmedFields: ReadonlySet<RegisterFieldName> = new Set(['password', 'paymentPassword']);

export function normalizeRegisterValue(
  field: RegisterFieldName,
  value: string | undefined,
): string {
  if (value === undefined) return '';
  return untrimmedFields.has(field) ? value : value.trim();
}

/** Fields a form must have filled whenever the merchant shows them (SPEC §5: payment password). */
const requiredWhenEnabled: ReadonlySet<RegisterFieldName> = new Set(['paymentPassword']);

/** A field's rule as both the server and the forms apply it. */
export function effectiveRegisterRule(
  field: RegisterFieldName,
  rule: RegisterFieldRule,
): RegisterFieldRule {
  return rule.enabled && requiredWhenEnabled.has(field) ? { ...rule, required: true } : rule;
}

/** Compiled operator patterns by source; a merchant has at most one per field. */
const operatorPatterns = new Map<string, RegExp | null>();
const OPERATOR_PATTERN_CACHE_MAX_ENTRIES = 256;

/** The operator's own pattern of a rule, compiled; null when the rule has none. */
export function operatorPatternOf(rule: Pick<RegisterFieldRule, 'patternId' | 'acceptedPattern'>) {
  const source = rule.acceptedPattern;
  if (source === '' || source === findRegisterPattern(rule.patternId)?.regex.source) return null;
  if (!operatorPatterns.has(source)) {
    if (operatorPatterns.size >= OPERATOR_PATTERN_CACHE_MAX_ENTRIES) operatorPatterns.clear();
    let compiled: RegExp | null;
    try {
      compiled = new RegExp(`^(?:${source})$`, 'u');
    } catch {
      // A pattern that does not compile was never saved by the console; it refuses every value.
      compiled = /(?!)/;
    }
    operatorPatterns.set(source, compiled);
  }
  return operatorPatterns.get(source) ?? null;
}

export type RegisterFieldProblem =
  | { kind: 'required' }
  | { kind: 'pattern'; patternId: number; minLength: number; maxLength: number };

/**
 * Checks one value against its rule. A disabled field is never checked (the form does not show
 * it), an empty optional field is fine, and anything else must match the pattern and the
 * lengths, reported together as the one `reg_pattern_{id}` message.
 */
export function checkRegisterField(
  rule: RegisterFieldRule,
  value: string,
): RegisterFieldProblem | null {
  if (!rule.enabled) return null;
  if (value === '') return rule.required ? { kind: 'required' } : null;
  const length = characterLength(value);
  const fits = length >= rule.minLength && length <= rule.maxLength;
  const ownPattern = operatorPatternOf(rule);
  if (fits && matchesRegisterPattern(rule.patternId, value) && (ownPattern?.test(value) ?? true)) {
    return null;
  }
  return {
    kind: 'pattern',
    patternId: rule.patternId,
    minLength: rule.minLength,
    maxLength: rule.maxLength,
  };
}
