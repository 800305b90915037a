import { PROMOTION_APPLICATION_IMAGE_MAX_BYTES } from '@app/contract';
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { applicationImageKindOf, checkedApplicationImage } from './application-image.js';

function drawn(kind: 'png' | 'jpeg', width = 32, height = 24): Buffer {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#e11d48';
  context.fillRect(0, 0, width, height);
  return kind === 'png' ? canvas.toBuffer('image/png') : canvas.toBuffer('image/jpeg');
}

describe('activity application images (SPEC §5)', () => {
  it('refuses a text file renamed to .png: the kind comes from the bytes', async () => {
    const renamed = Buffer.from('hello, I am a text file called photo.png');
    expect(applicationImageKindOf(renamed)).toBeUndefined();
    await expect(checkedApplicationImage(renamed.toString('base64'), 0)).rejects.toMatchObject({
      errorCode: 'PROMOTION_IMAGE_INVALID',
      details: { field: 'images.0' },
    });
  });

  it('takes a PNG sent under a .jpg name as the PNG it is, re-encoded', async () => {
    const png = drawn('png');
    const image = await checkedApplicationImage(png.toString('base64'), 1);
    expect(image).toMatchObject({ kind: 'png', width: 32, height: 24 });
    expect(applicationImageKindOf(image.bytes)).toBe('png');
  });

  it('re-encodes a JPEG and drops bytes appended after it', async () => {
    const jpeg = Buffer.concat([drawn('jpeg'), Buffer.from('<script>alert(1)</script>')]);
    const image = await checkedApplicationImage(jpeg.toString('base64'), 0);
    expect(image.kind).toBe('jpeg');
    expect(image.bytes.includes(Buffer.from('<script>'))).toBe(false);
  });

  it('refuses an image above 5 MB before decoding it', async () => {
    const png = drawn('png');
    const padded = Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024 - png.length)]);
    expect(padded.length).toBeGreaterThan(PROMOTION_APPLICATION_IMAGE_MAX_BYTES);
    await expect(checkedApplicationImage(padded.toString('base64'), 2)).rejects.toMatchObject({
      errorCode: 'PROMOTION_IMAGE_INVALID',
    });
  });

  it('refuses a PNG header over bytes that do not decode, and a GIF', async () => {
    const header = drawn('png').subarray(0, 33);
    const broken = Buffer.concat([header, Buffer.alloc(200, 7)]);
    await expect(checkedApplicationImage(broken.toString('base64'), 0)).rejects.toMatchObject({
      errorCode: 'PROMOTION_IMAGE_INVALID',
    });
    const gif = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64');
    await expect(checkedApplicationImage(gif.toString('base64'), 0)).rejects.toMatchObject({
      errorCode: 'PROMOTION_IMAGE_INVALID',
    });
  });
});
