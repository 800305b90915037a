/**
 * Stands in for the `i18next` package in the player site's builds and tests (apps/web/vite.config.ts
 * and /vitest.config.ts alias it here); TypeScript still reads i18next's own types, so callers are
 * checked against the real API. What the site calls is all there is: `createInstance`, `use`,
 * `init`, `t` (`ns:key`, nested keys, `count`, `context`, `defaultValue`, `lng`, `{{values}}`),
 * `getFixedT`, `changeLanguage`, `language`, `languages`, and the resource methods
 * `addResourceBundle`, `addResource`, `removeResourceBundle` and `hasResourceBundle`.
 *
 * Left out because no code and no locale file of the site uses them: `{{value, format}}`
 * formatting, `$t()` nesting, `returnObjects`, ordinal plurals, plural default values
 * (`defaultValue_one`), `keyPrefix`, events other than the language change, backends and
 * language detection, supportedLngs and code canonicalisation (the site passes canonical codes).
 */
import { createInstance } from './translator';

export type { InitOptions, Resource, Texts, TFunction, TOptions } from './translator';
export { createInstance };

export default { createInstance };
