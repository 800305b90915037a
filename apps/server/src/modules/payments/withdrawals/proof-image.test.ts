import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { checkedProofImage, proofKindOf } from './proof-image.js';
import { requiredTurnoverMinor } from './service.js';

describe('proof images', () => {
  it('knows the kind by the first bytes only', () => {
    expect(proofKindOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(proofKindOf(Buffer.from('GIF89a........................'))).toBeUndefined();
  });

  it('re-encodes a real image and drops what trails it', async () => {
    const canvas = createCanvas(20, 10);
    canvas.getContext('2d').fillRect(0, 0, 5, 5);
    const png = await canvas.encode('png');
    const tampered = Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]);
    const clean = await checkedProofImage(tampered.toString('base64'));
    expect(clean).toMatchObject({ kind: 'png', width: 20, height: 10 });
    expect(clean.bytes.includes(Buffer.from('<script>'))).toBe(false);
  });

  it('refuses images whose header claims a huge size', async () => {
    const canvas = createCanvas(8, 8);
    const png = await canvas.encode('png');
    png.writeUInt32BE(100_000, 16);
    await expect(checkedProofImage(png.toString('base64'))).rejects.toMatchObject({
      errorCode: 'PROOF_IMAGE_INVALID',
    });
  });
});

describe('turnover required', () => {
  it('is deposit x multiple, rounded up to the minor unit', () => {
    expect(requiredTurnoverMinor(10_000n, '1')).toBe(10_000n);
    expect(requiredTurnoverMinor(10_001n, '1.5')).toBe(15_002n);
    expect(requiredTurnoverMinor(333n, '0.33')).toBe(110n);
  });
});
