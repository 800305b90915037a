import QRCode from 'qrcode';

/** SPEC §9: QR default size 200 px with a margin; the site shows it at 100-200 px. */
export const QR_IMAGE_WIDTH_PX = 200;
/** Quiet zone around the code, in modules (the QR standard asks for 4; 2 is read fine on screens). */
export const QR_MARGIN_MODULES = 2;
/** Codes kept in memory; a merchant has a handful of resources. */
export const QR_CACHE_MAX_ENTRIES = 256;

/**
 * PNG data URLs of QR codes, cached by text: the QR call encodes only the URLs of a merchant's
 * configured resources, so the cache is bounded by the configuration, not by callers.
 */
export function createQrImages() {
  const cache = new Map<string, Promise<string>>();
  return {
    dataUrlOf(text: string): Promise<string> {
      const hit = cache.get(text);
      if (hit) return hit;
      if (cache.size >= QR_CACHE_MAX_ENTRIES) cache.clear();
      const made = QRCode.toDataURL(text, {
        type: 'image/png',
        width: QR_IMAGE_WIDTH_PX,
        margin: QR_MARGIN_MODULES,
        errorCorrectionLevel: 'M',
      });
      made.catch(() => cache.delete(text));
      cache.set(text, made);
      return made;
    },
  };
}
