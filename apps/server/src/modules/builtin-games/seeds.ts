import { createHash, randomBytes } from 'node:crypto';
import type { BuiltinRevealedSeed, BuiltinSeeds } from '@app/contract';
import { hashServerSeed } from '@app/game-math';
import { AppError } from '../../http/app-error.js';
import type { BuiltinGamesRepository, SeedPair } from './repository.js';

/** A server seed is 32 CSPRNG bytes as hex (docs/games-fairness.md). */
const SERVER_SEED_BYTES = 32;
/** A default client seed: 16 random bytes as hex (the player may set their own). */
const DEFAULT_CLIENT_SEED_BYTES = 16;

export function newServerSeed(): { serverSeed: string; serverSeedHash: string } {
  const serverSeed = randomBytes(SERVER_SEED_BYTES).toString('hex');
  return { serverSeed, serverSeedHash: hashServerSeed(serverSeed) };
}

export function newSeedPair() {
  return { ...newServerSeed(), clientSeed: randomBytes(DEFAULT_CLIENT_SEED_BYTES).toString('hex') };
}

/** Same as `hashServerSeed`, from node:crypto: a check that both agree (startup and tests). */
export function nodeHashOf(serverSeed: string): string {
  return createHash('sha256').update(serverSeed, 'utf8').digest('hex');
}

function publicSeeds(active: SeedPair, next: SeedPair): BuiltinSeeds {
  return {
    serverSeedHash: active.serverSeedHash,
    clientSeed: active.clientSeed ?? '',
    nonce: active.nonce,
    nextServerSeedHash: next.serverSeedHash,
  };
}

/** The member's seeds: the active pair (hash only), its nonce and the committed next hash. */
export function createSeedService(repository: BuiltinGamesRepository) {
  async function seeds(memberId: bigint): Promise<BuiltinSeeds> {
    await repository.ensureSeedPairs(memberId, newSeedPair);
    const { active, next } = await repository.seedPairs(memberId);
    if (!active || !next) throw new AppError('SERVICE_UNAVAILABLE');
    return publicSeeds(active, next);
  }

  async function rotate(
    memberId: bigint,
    clientSeed: string | null,
  ): Promise<{ seeds: BuiltinSeeds; revealed: BuiltinRevealedSeed }> {
    await repository.ensureSeedPairs(memberId, newSeedPair);
    const rotated = await repository.rotateSeedPair(memberId, clientSeed, newServerSeed());
    if (!rotated) throw new AppError('SERVICE_UNAVAILABLE');
    return {
      seeds: publicSeeds(rotated.active, rotated.next),
      revealed: {
        serverSeed: rotated.retired.serverSeed,
        serverSeedHash: rotated.retired.serverSeedHash,
        clientSeed: rotated.retired.clientSeed ?? '',
        nonce: rotated.retired.nonce,
      },
    };
  }

  return { seeds, rotate };
}

export type SeedService = ReturnType<typeof createSeedService>;
