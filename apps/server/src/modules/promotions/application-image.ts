import { PROMOTION_APPLICATION_IMAGE_MAX_BYTES } from '@app/contract';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { AppError } from '../../http/app-error.js';

/** Largest side and area an application image may decode to (a photo of a phone screen fits). */
export const APPLICATION_IMAGE_MAX_SIDE_PX = 6000;
export const APPLICATION_IMAGE_MAX_PIXELS = 24_000_000;
/** Quality of the re-encoded JPEG copy. */
const JPEG_QUALITY = 88;

export type ApplicationImageKind = 'png' | 'jpeg';

export interface ApplicationImage {
  kind: ApplicationImageKind;
  width: number;
  height: number;
  bytes: Buffer;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function invalid(index: number): AppError {
  return new AppError('PROMOTION_IMAGE_INVALID', { field: `images.${index}` });
}

/** The kind from the first bytes (SPEC §5: png or jpg); a name or type claimed counts for nothing. */
export function applicationImageKindOf(bytes: Buffer): ApplicationImageKind | undefined {
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  return undefined;
}

function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Walks the JPEG markers to the first start-of-frame, which carries the size. */
function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1] as number;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const isStartOfFrame =
      marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isStartOfFrame) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return undefined;
}

function withinBounds(size: { width: number; height: number } | undefined): boolean {
  return (
    size !== undefined &&
    size.width >= 1 &&
    size.height >= 1 &&
    size.width <= APPLICATION_IMAGE_MAX_SIDE_PX &&
    size.height <= APPLICATION_IMAGE_MAX_SIDE_PX &&
    size.width * size.height <= APPLICATION_IMAGE_MAX_PIXELS
  );
}

/**
 * Checks one uploaded image of an activity application and answers a clean copy: the byte size
 * (5 MB), the kind by magic bytes, the dimensions from the header before decoding (a small file
 * must not decode into gigabytes), a real decode, then a re-encode in the same kind, which drops
 * metadata (EXIF, GPS), trailing bytes and polyglots. Same approach as the banner uploads.
 */
export async function checkedApplicationImage(
  base64: string,
  index: number,
): Promise<ApplicationImage> {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0 || bytes.length > PROMOTION_APPLICATION_IMAGE_MAX_BYTES)
    throw invalid(index);
  const kind = applicationImageKindOf(bytes);
  if (!kind) throw invalid(index);
  const size = kind === 'png' ? pngSize(bytes) : jpegSize(bytes);
  if (!size || !withinBounds(size)) throw invalid(index);
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(bytes);
  } catch {
    throw invalid(index);
  }
  if (image.width !== size.width || image.height !== size.height) throw invalid(index);
  const canvas = createCanvas(size.width, size.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  const clean =
    kind === 'png' ? await canvas.encode('png') : await canvas.encode('jpeg', JPEG_QUALITY);
  return { kind, width: size.width, height: size.height, bytes: clean };
}
