import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fairFloats,
  fairRandomSource,
  hashServerSeed,
  intBelow,
  pickDistinct,
  simulationRandomSource,
} from './random-source';
import { hmacSha256, sha256, toHex, utf8 } from './sha256';

describe('sha256 and hmac', () => {
  it('match node:crypto for messages of every padding length', () => {
    for (let length = 0; length < 200; length++) {
      const message = 'x'.repeat(length);
      expect(toHex(sha256(utf8(message)))).toBe(createHash('sha256').update(message).digest('hex'));
    }
  });

  it('match node:crypto for any key and message', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 150 }), fc.string({ maxLength: 300 }), (key, message) => {
        const expected = createHmac('sha256', key).update(message).digest('hex');
        expect(toHex(hmacSha256(utf8(key), utf8(message)))).toBe(expected);
      }),
    );
  });
});

describe('the fair stream', () => {
  const seeds = { serverSeed: 'a'.repeat(64), clientSeed: 'player', nonce: 7 };

  it('reads each HMAC block as eight big-endian floats', () => {
    const floats = fairFloats(seeds, 10);
    const block0 = createHmac('sha256', seeds.serverSeed).update('player:7:0').digest();
    const block1 = createHmac('sha256', seeds.serverSeed).update('player:7:1').digest();
    const float = (bytes: Buffer, at: number) => bytes.readUInt32BE(at) / 2 ** 32;
    expect(floats[0]).toBeCloseTo(float(block0, 0), 12);
    expect(floats[7]).toBeCloseTo(float(block0, 28), 12);
    expect(floats[8]).toBeCloseTo(float(block1, 0), 12);
  });

  it('is deterministic and changes with every input', () => {
    expect(fairFloats(seeds, 3)).toEqual(fairFloats(seeds, 3));
    expect(fairFloats({ ...seeds, nonce: 8 }, 3)).not.toEqual(fairFloats(seeds, 3));
    expect(fairFloats({ ...seeds, clientSeed: 'other' }, 3)).not.toEqual(fairFloats(seeds, 3));
  });

  it('commits to the server seed with SHA-256 of its text', () => {
    expect(hashServerSeed(seeds.serverSeed)).toBe(
      createHash('sha256').update(seeds.serverSeed).digest('hex'),
    );
  });

  it('counts what it drew', () => {
    const source = fairRandomSource(seeds);
    source.next();
    source.next();
    expect(source.drawn()).toBe(2);
  });
});

describe('helpers', () => {
  it('intBelow stays in range and pickDistinct never repeats', () => {
    const source = simulationRandomSource(42);
    for (let i = 0; i < 1000; i++) {
      const value = intBelow(source, 6);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(6);
      const picked = pickDistinct(source, 25, 5);
      expect(new Set(picked).size).toBe(5);
      expect(picked.every((tile) => tile >= 0 && tile < 25)).toBe(true);
    }
  });

  it('the simulation stream is roughly uniform', () => {
    const source = simulationRandomSource(1);
    const buckets = new Array(10).fill(0);
    for (let i = 0; i < 100_000; i++) buckets[Math.floor(source.next() * 10)] += 1;
    for (const count of buckets) expect(Math.abs(count - 10_000)).toBeLessThan(600);
  });
});
