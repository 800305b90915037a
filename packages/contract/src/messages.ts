/**
 * Formatting of the contract's texts, for the server and the web app alike. The texts themselves
 * are in `locales/<lang>/`; the server reads them through `contract-locales.ts`, the web app
 * loads them per language (apps/web/src/lib/i18n.ts).
 */

/**
 * Puts the lengths into a `reg_pattern_{id}` text: `(min)-(max)` becomes one number when both
 * are equal (SPEC §5).
 */
export function formatPatternMessage(
  template: string,
  minLength: number,
  maxLength: number,
): string {
  const withRange =
    minLength === maxLength ? template.replaceAll('(min)-(max)', String(minLength)) : template;
  return withRange.replaceAll('(min)', String(minLength)).replaceAll('(max)', String(maxLength));
}

/** Zalo and WhatsApp messages ask for the number ID that redeems the bonus (SPEC §5). */
const bonusMessageKeys: Readonly<Record<string, 'zalo_bonus' | 'whatsapp_bonus'>> = {
  zalo: 'zalo_bonus',
  whatsapp: 'whatsapp_bonus',
};

/** The validation text that leads every message about this field, if it has one. */
export function bonusMessageKey(
  field: string | undefined,
): 'zalo_bonus' | 'whatsapp_bonus' | undefined {
  return field === undefined ? undefined : bonusMessageKeys[field];
}

/** Waits from this many seconds up are said in minutes (rounded up). */
export const RETRY_AFTER_MINUTES_FROM_SECONDS = 120;

/**
 * The `validation` text and count that tell a rate-limited caller when to try again (issue 22
 * item 17), from the answer's `details.retryAfterSeconds`.
 */
export function retryAfterText(seconds: number): {
  key: 'retry_after_seconds' | 'retry_after_minutes';
  count: number;
} {
  const wholeSeconds = Math.max(1, Math.ceil(seconds));
  return wholeSeconds >= RETRY_AFTER_MINUTES_FROM_SECONDS
    ? { key: 'retry_after_minutes', count: Math.ceil(wholeSeconds / 60) }
    : { key: 'retry_after_seconds', count: wholeSeconds };
}

/** Puts `count` into an i18next-style `{{count}}` text (the server has no i18next). */
export function formatCount(template: string, count: number): string {
  return template.replaceAll('{{count}}', String(count));
}
