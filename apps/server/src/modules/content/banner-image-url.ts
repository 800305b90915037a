import { CONTENT_IMAGE_PATH_PREFIX } from '@app/contract';

/**
 * Banner images are shown as `<img src>`: only http(s) addresses, inline images
 * (`data:image/...`) and the server's own uploaded images (`/content/images/<uuid>`) are
 * allowed. Anything else (`javascript:`, `data:text/html`, other relative or protocol-relative
 * paths, other schemes) is refused when an operator saves the banner and left out if an older
 * row holds it.
 */
const ALLOWED_BANNER_IMAGE_URL = /^(https?:\/\/[^\s/]|data:image\/[a-z0-9.+-]+[;,])/i;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const UPLOADED_IMAGE_PATH = new RegExp(`^${CONTENT_IMAGE_PATH_PREFIX}(${UUID})$`);

/** The longest banner image URL (an inline image included). */
export const BANNER_IMAGE_URL_MAX_LENGTH = 512 * 1024;

/** The id of an uploaded image the URL points at, if it is one. */
export function uploadedImageIdOf(url: string): string | undefined {
  return UPLOADED_IMAGE_PATH.exec(url.trim())?.[1];
}

export function uploadedImageUrl(id: string): string {
  return `${CONTENT_IMAGE_PATH_PREFIX}${id}`;
}

export function isAllowedBannerImageUrl(url: string): boolean {
  if (url.length > BANNER_IMAGE_URL_MAX_LENGTH) return false;
  return ALLOWED_BANNER_IMAGE_URL.test(url.trim()) || uploadedImageIdOf(url) !== undefined;
}
