/**
 * Banner images are shown as `<img src>`: only http(s) addresses and inline images
 * (`data:image/...`) are allowed. Anything else (`javascript:`, `data:text/html`, relative or
 * protocol-relative paths, other schemes) is refused when an operator saves the banner and left
 * out if an older row holds it.
 */
const ALLOWED_BANNER_IMAGE_URL = /^(https?:\/\/[^\s/]|data:image\/[a-z0-9.+-]+[;,])/i;

/** The longest banner image URL (an inline image included). */
export const BANNER_IMAGE_URL_MAX_LENGTH = 512 * 1024;

export function isAllowedBannerImageUrl(url: string): boolean {
  return url.length <= BANNER_IMAGE_URL_MAX_LENGTH && ALLOWED_BANNER_IMAGE_URL.test(url.trim());
}
