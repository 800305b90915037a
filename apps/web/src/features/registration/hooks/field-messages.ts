import {
  checkRegisterField,
  type ErrorDetails,
  formatPatternMessage,
  normalizeRegisterValue,
  type RegisterFieldName,
  type RegisterFieldRule,
} from '@app/contract/client';
import type { TFunction } from 'i18next';

/**
 * Form errors keep a message reference, not a text, so that they follow a language switch:
 * `validation:required`, `errors:USERNAME_TAKEN`, or `pattern:{id}:{min}:{max}`.
 */
export const REQUIRED_MESSAGE = 'validation:required';
const PATTERN_PREFIX = 'pattern:';

export function patternMessage(patternId: number, minLength: number, maxLength: number): string {
  return `${PATTERN_PREFIX}${patternId}:${minLength}:${maxLength}`;
}

/** Checks a required field against its rule; an empty value is always "required" here. */
export function validateRegisterField(
  field: RegisterFieldName,
  rule: RegisterFieldRule,
  raw: string,
): true | string {
  const value = normalizeRegisterValue(field, raw);
  if (value === '') return REQUIRED_MESSAGE;
  const problem = checkRegisterField({ ...rule, enabled: true, required: true }, value);
  if (!problem) return true;
  return problem.kind === 'required'
    ? REQUIRED_MESSAGE
    : patternMessage(problem.patternId, problem.minLength, problem.maxLength);
}

/** The message reference for a server error that names a field. */
export function serverFieldMessage(errorCode: string, details: ErrorDetails): string {
  const { patternId, minLength, maxLength } = details;
  if (
    errorCode === 'REG_FIELD_INVALID' &&
    patternId !== undefined &&
    minLength !== undefined &&
    maxLength !== undefined
  ) {
    return patternMessage(patternId, minLength, maxLength);
  }
  return `errors:${errorCode}`;
}

export function fieldMessageText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (!message.startsWith(PATTERN_PREFIX)) return t(message);
  const [patternId, min, max] = message.slice(PATTERN_PREFIX.length).split(':').map(Number);
  return formatPatternMessage(t(`validation:reg_pattern_${patternId}`), min ?? 0, max ?? 0);
}
