import QRCode from 'qrcode';

/** SPEC §9: QR default size 200 px. */
const QR_IMAGE_WIDTH_PX = 200;
const QR_MARGIN_MODULES = 2;
/** Links kept in memory: agents' codes are few, and a full cache simply starts again. */
const QR_CACHE_MAX_ENTRIES = 1024;

/** PNG data URLs of invitation links' QR codes, cached by link. */
export function createInvitationQrImages() {
  const cache = new Map<string, Promise<string>>();
  return {
    dataUrlOf(link: string): Promise<string> {
      const hit = cache.get(link);
      if (hit) return hit;
      if (cache.size >= QR_CACHE_MAX_ENTRIES) cache.clear();
      const made = QRCode.toDataURL(link, {
        type: 'image/png',
        width: QR_IMAGE_WIDTH_PX,
        margin: QR_MARGIN_MODULES,
        errorCorrectionLevel: 'M',
      });
      made.catch(() => cache.delete(link));
      cache.set(link, made);
      return made;
    },
  };
}
