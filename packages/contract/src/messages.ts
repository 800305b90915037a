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
