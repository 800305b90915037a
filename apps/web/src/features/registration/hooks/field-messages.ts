import {
  bonusMessageKey,
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
/** `bonus:{field}|{message}`: the field's bonus text leads the message (Zalo, WhatsApp). */
const BONUS_PREFIX = 'bonus:';

/** Zalo and WhatsApp messages first ask for the number ID that redeems the bonus (SPEC §5). */
function withBonusLead(field: string | undefined, message: string): string {
  return bonusMessageKey(field) ? `${BONUS_PREFIX}${field}|${message}` : message;
}

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

/**
 * Checks a field the merchant may switch on: empty is fine unless required, and a value must
 * fit the rule. A disabled field is never checked (it is not shown).
 */
export function validateOptionalField(
  field: RegisterFieldName,
  rule: RegisterFieldRule,
  raw: string,
): true | string {
  const problem = checkRegisterField(rule, normalizeRegisterValue(field, raw));
  if (!problem) return true;
  return withBonusLead(
    field,
    problem.kind === 'required'
      ? REQUIRED_MESSAGE
      : patternMessage(problem.patternId, problem.minLength, problem.maxLength),
  );
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
    return withBonusLead(details.field, patternMessage(patternId, minLength, maxLength));
  }
  if (errorCode === 'VALIDATION_FAILED') return withBonusLead(details.field, REQUIRED_MESSAGE);
  return `errors:${errorCode}`;
}

export function fieldMessageText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (message.startsWith(BONUS_PREFIX)) {
    const separator = message.indexOf('|');
    const lead = t(`validation:${bonusMessageKey(message.slice(BONUS_PREFIX.length, separator))}`);
    const rest = message.slice(separator + 1);
    // A missing value needs no more than the request for the number ID.
    return rest === REQUIRED_MESSAGE ? lead : `${lead} ${fieldMessageText(t, rest)}`;
  }
  if (!message.startsWith(PATTERN_PREFIX)) return t(message);
  const [patternId, min, max] = message.slice(PATTERN_PREFIX.length).split(':').map(Number);
  return formatPatternMessage(t(`validation:reg_pattern_${patternId}`), min ?? 0, max ?? 0);
}

/** Help text sits under the input, where the error takes its place (Mantine's default is above). */
const HELP_UNDER_INPUT: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

/**
 * A field's rule as help text under it, shown before anything is typed (issue 22 item 14): the
 * sentence its error would say (`reg_pattern_{id}` with the lengths). While an error shows, the
 * error says it instead.
 */
export function ruleHelpProps(
  t: TFunction,
  rule: Pick<RegisterFieldRule, 'patternId' | 'minLength' | 'maxLength'>,
  error: string | undefined,
) {
  return {
    description: error
      ? undefined
      : fieldMessageText(t, patternMessage(rule.patternId, rule.minLength, rule.maxLength)),
    inputWrapperOrder: HELP_UNDER_INPUT,
  };
}
