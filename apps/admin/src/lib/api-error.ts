/**
 * The console's pages import the error class from here; the one copy is shared with the site
 * (packages/web-shared/src/api-error.ts, docs/web-shared.md).
 */
export { ApiError, isApiError, NETWORK_ERROR } from '@app/web-shared/api-error';
