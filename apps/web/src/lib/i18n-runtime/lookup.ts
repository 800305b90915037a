/**
 * How i18next 26 finds and fills a text, as pure functions for ./translator.ts: the nested or
 * flat key, the plural and context keys tried in one language, the `ns:key` prefix, `{{value}}`
 * interpolation and the deep merge of a namespace's texts.
 */

/** A namespace's texts: nested objects of strings, as the locale files are. */
export type Texts = { [key: string]: string | Texts };

/** Interpolation values and the options of `t` the site passes. */
export type TOptions = {
  [value: string]: unknown;
  count?: number;
  context?: string | number;
  defaultValue?: string;
  lng?: string;
  ns?: string;
};

/**
 * A key's value in texts or values. The files nest (`slots.symbol.wild`), and a flat key that
 * holds dots is found too, as i18next's `deepFind` finds both; own properties only, so that a
 * key such as `constructor` is missing rather than an Object method.
 */
export function find(node: unknown, path: readonly string[]): unknown {
  if (!path.length) return node;
  if (!node || typeof node !== 'object') return undefined;
  for (let split = 1; split <= path.length; split++) {
    const head = path.slice(0, split).join('.');
    if (!Object.hasOwn(node, head)) continue;
    const found = find((node as Record<string, unknown>)[head], path.slice(split));
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Fills `{{name}}` (spaces inside the braces allowed, `{{- name}}` too) from the options, without
 * escaping (the site's `escapeValue: false`: React escapes). As i18next does, a value absent from
 * the options leaves the placeholder as it is, one passed as undefined or null writes nothing,
 * and a value is not scanned again for placeholders.
 */
export function interpolate(text: string, values: TOptions): string {
  return text.replace(/{{-?(.+?)}}/g, (placeholder, inner: string) => {
    const name = inner.trim();
    const value = find(values, name.split('.'));
    if (value === undefined) return Object.hasOwn(values, name) ? '' : placeholder;
    return String(value ?? '');
  });
}

/** Intl's rules per language: the same object for every call (building one is slow). */
const pluralRules = new Map<string, Intl.PluralRules>();

/** `_one`, `_few`, `_many`, ... for a count in a language, by Intl's rules as i18next picks. */
function pluralSuffix(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return `_${rules.select(count)}`;
}

/**
 * The keys tried in one language, first to last, as i18next's `resolve` orders them: the context's
 * key before the plain one, each with `_zero` first when the count is 0 (i18next's special case,
 * in every language), then the language's plural form, then the bare key.
 */
export function candidateKeys(key: string, language: string, options: TOptions): string[] {
  const { count, context } = options;
  const bases = context === undefined || context === '' ? [key] : [`${key}_${context}`, key];
  const suffix = count === undefined ? '' : pluralSuffix(language, count);
  return bases.flatMap((base) => [
    ...(count === 0 ? [`${base}_zero`] : []),
    ...(suffix ? [base + suffix] : []),
    base,
  ]);
}

/** A key of the form `ns:key`, unless it reads as a sentence (i18next's `looksLikeObjectPath`). */
export function splitNamespace(key: string, namespace: string): [string, string] {
  const dot = key.indexOf('.');
  const head = dot > 0 ? key.slice(0, dot) : key;
  const colon = key.indexOf(':');
  if (colon < 0 || /[ ,?!;]/.test(head)) return [namespace, key];
  // i18next joins the parts after the namespace with the key separator.
  return [key.slice(0, colon), key.slice(colon + 1).replaceAll(':', '.')];
}

/**
 * i18next's `deepExtend` (groups merge, a text is replaced only with `overwrite`), into a new
 * object: neither side changes, as ./translator.ts keeps its texts.
 */
export function mergeTexts(target: Texts, source: Texts, overwrite: boolean): Texts {
  const result = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const old = result[key];
    if (old === undefined) result[key] = value;
    else if (typeof old === 'object' && typeof value === 'object')
      result[key] = mergeTexts(old, value, overwrite);
    else if (overwrite) result[key] = value;
  }
  return result;
}
