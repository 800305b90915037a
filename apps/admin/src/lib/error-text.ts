/**
 * The console's pages import the error text from here; the one copy is shared with the site
 * (packages/web-shared/src/error-text.ts, docs/web-shared.md).
 */
export { errorText } from '@app/web-shared/error-text';
