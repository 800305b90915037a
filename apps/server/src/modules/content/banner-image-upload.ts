import { BANNER_IMAGE_MAX_BYTES } from '@app/contract';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { AppError } from '../../http/app-error.js';

/** Largest side of a banner image (the site shows banners at 1200 x 360, twice for HiDPI). */
export const BANNER_IMAGE_MAX_SIDE_PX = 4000;
/** Largest area (decoded pixels): a small file must not decode into gigabytes. */
export const BANNER_IMAGE_MAX_PIXELS = 16_000_000;
/** The re-encoded copy may come out larger than the upload; beyond this it is refused. */
export const BANNER_IMAGE_STORED_MAX_BYTES = 2 * 1024 * 1024;
/** Quality of the re-encoded JPEG and WebP copies. */
const LOSSY_QUALITY = 90;

export type BannerImageKind = 'png' | 'jpeg' | 'webp';

export interface BannerImage {
  kind: BannerImageKind;
  width: number;
  height: number;
  bytes: Buffer;
}

interface Size {
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function invalid(): AppError {
  return new AppError('CONTENT_IMAGE_INVALID', { field: 'imageBase64' });
}

/** The kind from the first bytes; a name or type the client claims counts for nothing. */
export function bannerImageKindOf(bytes: Buffer): BannerImageKind | undefined {
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg';
  }
  if (
    bytes.length >= 30 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return undefined;
}

function pngSize(bytes: Buffer): Size | undefined {
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Walks the JPEG markers to the first start-of-frame, which carries the size. */
function jpegSize(bytes: Buffer): Size | undefined {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1] as number;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    const isStartOfFrame =
      marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isStartOfFrame) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return undefined;
}

/** The canvas size of a WebP's first chunk: extended (VP8X), lossy (VP8) or lossless (VP8L). */
function webpSize(bytes: Buffer): Size | undefined {
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8X') {
    return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  }
  if (chunk === 'VP8 ') {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return undefined;
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return undefined;
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return undefined;
}

function sizeOf(kind: BannerImageKind, bytes: Buffer): Size | undefined {
  if (kind === 'png') return pngSize(bytes);
  if (kind === 'jpeg') return jpegSize(bytes);
  return webpSize(bytes);
}

function withinBounds(size: Size | undefined): size is Size {
  return (
    size !== undefined &&
    size.width >= 1 &&
    size.height >= 1 &&
    size.width <= BANNER_IMAGE_MAX_SIDE_PX &&
    size.height <= BANNER_IMAGE_MAX_SIDE_PX &&
    size.width * size.height <= BANNER_IMAGE_MAX_PIXELS
  );
}

/**
 * Checks an uploaded banner image and answers a clean copy: the kind by its magic bytes, the
 * byte size, and the dimensions read from the header before anything is decoded; then decoded
 * and encoded again, so that metadata (EXIF, GPS), trailing bytes or a polyglot are dropped.
 */
export async function checkedBannerImage(base64: string): Promise<BannerImage> {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0 || bytes.length > BANNER_IMAGE_MAX_BYTES) throw invalid();
  const kind = bannerImageKindOf(bytes);
  if (!kind) throw invalid();
  const size = sizeOf(kind, bytes);
  if (!withinBounds(size)) throw invalid();
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(bytes);
  } catch {
    throw invalid();
  }
  if (image.width !== size.width || image.height !== size.height) throw invalid();
  const canvas = createCanvas(size.width, size.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  const clean =
    kind === 'png'
      ? await canvas.encode('png')
      : await canvas.encode(kind === 'jpeg' ? 'jpeg' : 'webp', LOSSY_QUALITY);
  if (clean.length > BANNER_IMAGE_STORED_MAX_BYTES) throw invalid();
  return { kind, width: size.width, height: size.height, bytes: clean };
}
