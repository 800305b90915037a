import { hmacSha256, sha256, toHex, utf8 } from './sha256';

/**
 * Where a game's outcome comes from: a stream of floats in [0, 1). Games take a source, so the
 * same maths runs on the provably fair stream in play and on a fast seeded stream in simulations.
 */
export interface RandomSource {
  next(): number;
}

/** The three inputs a player needs to recompute a round (docs/games-fairness.md). */
export interface FairSeeds {
  /** The server's secret while in use, revealed when the player rotates it: 64 hex characters. */
  serverSeed: string;
  /** Chosen by the player (or given by default), shown at all times. */
  clientSeed: string;
  /** Counts the rounds played on one seed pair, from 0. */
  nonce: number;
}

/** Longest client seed a player may set (characters). */
export const CLIENT_SEED_MAX_LENGTH = 64;
/** A server seed is 32 CSPRNG bytes written as hex. */
export const SERVER_SEED_HEX_LENGTH = 64;
/** Floats one HMAC block yields: 32 bytes, 4 bytes per float. */
export const FLOATS_PER_BLOCK = 8;
/** A round never draws more than this many floats (a 5x3 slot with free spins draws far fewer). */
export const MAX_FLOATS_PER_ROUND = 8 * 1024;

/** The commitment shown before play: SHA-256 of the server seed's text, as hex. */
export function hashServerSeed(serverSeed: string): string {
  return toHex(sha256(utf8(serverSeed)));
}

/** Four bytes as a float in [0, 1), most significant first (the scheme players know). */
function floatOfBytes(bytes: Uint8Array, offset: number): number {
  return (
    (bytes[offset] as number) / 256 +
    (bytes[offset + 1] as number) / 256 ** 2 +
    (bytes[offset + 2] as number) / 256 ** 3 +
    (bytes[offset + 3] as number) / 256 ** 4
  );
}

/**
 * The provably fair stream: block `cursor` is HMAC-SHA256(key = serverSeed,
 * message = `${clientSeed}:${nonce}:${cursor}`), read as eight floats.
 */
export function fairRandomSource(seeds: FairSeeds): RandomSource & { drawn(): number } {
  const key = utf8(seeds.serverSeed);
  let block: Uint8Array = new Uint8Array(0);
  let cursor = 0;
  let used = FLOATS_PER_BLOCK;
  let drawn = 0;
  return {
    next() {
      if (drawn >= MAX_FLOATS_PER_ROUND) throw new Error('round drew too many floats');
      if (used === FLOATS_PER_BLOCK) {
        block = hmacSha256(key, utf8(`${seeds.clientSeed}:${seeds.nonce}:${cursor}`));
        cursor += 1;
        used = 0;
      }
      const value = floatOfBytes(block, used * 4);
      used += 1;
      drawn += 1;
      return value;
    },
    drawn: () => drawn,
  };
}

/** The first `count` floats of a round, for the verify page and tests. */
export function fairFloats(seeds: FairSeeds, count: number): number[] {
  const source = fairRandomSource(seeds);
  return Array.from({ length: count }, () => source.next());
}

/** splitmix32: spreads one 32-bit seed into well-mixed state words. */
function splitmix32(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x9e3779b9) | 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

const rotateLeft = (value: number, bits: number) => (value << bits) | (value >>> (32 - bits));

/**
 * A fast seeded stream (xoshiro128**) for simulations and benchmarks only: never for play, where
 * outcomes must come from `fairRandomSource`.
 */
export function simulationRandomSource(seed: number): RandomSource {
  const mix = splitmix32(seed);
  let s0 = mix();
  let s1 = mix();
  let s2 = mix();
  let s3 = mix();
  return {
    next() {
      const result = Math.imul(rotateLeft(Math.imul(s1, 5), 7), 9) >>> 0;
      const t = s1 << 9;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= t;
      s3 = rotateLeft(s3, 11);
      return result / 2 ** 32;
    },
  };
}

/** A whole number in [0, n): the float scaled down (the bias is below 2^-32 * n). */
export function intBelow(source: RandomSource, n: number): number {
  if (!Number.isInteger(n) || n <= 0)
    throw new Error(`intBelow needs a positive integer, got ${n}`);
  return Math.floor(source.next() * n);
}

/** `count` distinct whole numbers of [0, n), in draw order (a partial Fisher-Yates shuffle). */
export function pickDistinct(source: RandomSource, n: number, count: number): number[] {
  if (count > n) throw new Error(`cannot pick ${count} distinct of ${n}`);
  const pool = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < count; i++) {
    const j = i + intBelow(source, n - i);
    [pool[i], pool[j]] = [pool[j] as number, pool[i] as number];
  }
  return pool.slice(0, count);
}
