import { PROOF_IMAGE_MAX_BYTES } from '@app/contract';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { AppError } from '../../../http/app-error.js';

/** Largest side of a proof image: a receipt screenshot, never a decompression bomb. */
export const PROOF_IMAGE_MAX_SIDE_PX = 6000;
/** Largest area (decoded pixels) of a proof image. */
export const PROOF_IMAGE_MAX_PIXELS = 24_000_000;
/** The re-encoded copy may come out larger than the upload; beyond this it is refused. */
export const PROOF_STORED_MAX_BYTES = 4 * 1024 * 1024;
/** JPEG quality of the re-encoded copy. */
const JPEG_QUALITY = 90;

export type ProofImageKind = 'png' | 'jpeg';

export interface ProofImage {
  kind: ProofImageKind;
  width: number;
  height: number;
  bytes: Buffer;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function invalid(): AppError {
  return new AppError('PROOF_IMAGE_INVALID', { field: 'proofImageBase64' });
}

/** The kind from the first bytes; the name or type a client claims counts for nothing. */
export function proofKindOf(bytes: Buffer): ProofImageKind | undefined {
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg';
  }
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

/**
 * Checks an uploaded proof and answers a clean copy: kind by magic bytes, size and dimensions
 * read from the header before anything is decoded, then decoded and encoded again so that
 * whatever else the file carried (metadata, a trailing script, a polyglot) is dropped.
 */
export async function checkedProofImage(base64: string): Promise<ProofImage> {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0 || bytes.length > PROOF_IMAGE_MAX_BYTES) throw invalid();
  const kind = proofKindOf(bytes);
  if (!kind) throw invalid();
  const size = kind === 'png' ? pngSize(bytes) : jpegSize(bytes);
  if (
    !size ||
    size.width < 1 ||
    size.height < 1 ||
    size.width > PROOF_IMAGE_MAX_SIDE_PX ||
    size.height > PROOF_IMAGE_MAX_SIDE_PX ||
    size.width * size.height > PROOF_IMAGE_MAX_PIXELS
  ) {
    throw invalid();
  }
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
    kind === 'png' ? await canvas.encode('png') : await canvas.encode('jpeg', JPEG_QUALITY);
  if (clean.length > PROOF_STORED_MAX_BYTES) throw invalid();
  return { kind, width: size.width, height: size.height, bytes: clean };
}
