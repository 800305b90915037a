import { fairFloats, fairRandomSource, hashServerSeed } from '@app/game-math';
import { verifiableGameOf } from '@app/game-math/games/index';

/** Floats the verify page always lists (one HMAC block), whatever the game. */
export const VERIFY_FLOATS_SHOWN = 8;

export interface VerifyInput {
  gameCode: string;
  serverSeed: string;
  /** The hash shown before play; empty when the player has none to compare. */
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  /** The round's params as JSON text. */
  paramsJson: string;
}

export type VerifyResult =
  | {
      ok: true;
      computedHash: string;
      /** null: no hash given to compare with. */
      hashMatches: boolean | null;
      floats: number[];
      /** The recomputed outcome, or undefined when the game has no replay here. */
      outcome: unknown;
      hasReplay: boolean;
    }
  | { ok: false; problem: 'params' | 'replay' };

/** Recomputes a round from its seeds, exactly as the server decided it (docs/games-fairness.md). */
export function recompute(input: VerifyInput): VerifyResult {
  const seeds = {
    serverSeed: input.serverSeed,
    clientSeed: input.clientSeed,
    nonce: input.nonce,
  };
  const computedHash = hashServerSeed(input.serverSeed);
  const expected = input.serverSeedHash.trim().toLowerCase();
  const game = verifiableGameOf(input.gameCode);
  let params: unknown = null;
  if (input.paramsJson.trim() !== '') {
    try {
      params = JSON.parse(input.paramsJson);
    } catch {
      return { ok: false, problem: 'params' };
    }
  }
  let outcome: unknown;
  if (game) {
    try {
      outcome = game.replay(fairRandomSource(seeds), params);
    } catch {
      return { ok: false, problem: 'replay' };
    }
  }
  return {
    ok: true,
    computedHash,
    hashMatches: expected === '' ? null : expected === computedHash,
    floats: fairFloats(seeds, VERIFY_FLOATS_SHOWN),
    outcome,
    hasReplay: game !== undefined,
  };
}
