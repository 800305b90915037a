import {
  builtinSlotGameCodes,
  FREE_SPIN_GRANTS_LISTED_MAX,
  type FreeSpinGrant,
  minorToAmount,
  type RouteValue,
} from '@app/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { BuiltinGamesService } from '../builtin-games/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { Merchant } from '../system/index.js';
import type { FreeSpinGrantRecord, FreeSpinSourceKind, FreeSpinsRepository } from './repository.js';

/** The merchant's system cash account that pays free spins' stakes and receives their wins. */
export const FREE_SPINS_ACCOUNT = 'free-spins';
/** Ledger codes of a free spin's stake and win (the bonus wrapper skips the max bet for them). */
export const FREE_SPIN_BET_CODE = 'free-spin.bet';
export const FREE_SPIN_WIN_CODE = 'free-spin.win';
/** Most spins one grant holds, and the longest keys and references, as the table checks them. */
export const FREE_SPINS_PER_GRANT_MAX = 50_000;
export const FREE_SPIN_KEY_MAX_LENGTH = 200;
/** The highest wagering multiple of free-spin winnings (the bonus engine's own bound). */
export const FREE_SPIN_WAGERING_MULTIPLE_MAX = 100;
/** A free spin's win is a bonus that stays open for wagering this long. */
export const FREE_SPIN_BONUS_VALID_MS = 7 * 24 * 60 * 60 * 1000;

export interface FreeSpinGrantInput {
  merchantCode: string;
  memberId: bigint;
  currency: string;
  gameCode: string;
  spins: number;
  betPerLineMinor: bigint;
  wageringMultiple: number;
  expiresAtMs: number;
  source: { kind: FreeSpinSourceKind; refId: string };
  /** One grant per key and merchant, ever: the same key again answers the first grant. */
  idempotencyKey: string;
}

/** The bonus engine's grant, as this module calls it (services.ts binds it). */
export type GrantBonusWithin = (
  trx: Db,
  grant: {
    merchantCode: string;
    memberId: bigint;
    currency: string;
    amountMinor: bigint;
    requirementMinor: bigint;
    expiresAtMs: number;
    source: { kind: FreeSpinSourceKind; refId: string };
    idempotencyKey: string;
  },
) => Promise<{ bonusId: string }>;

export interface FreeSpinsService {
  /** Grants spins in the caller's transaction (a reward delivered, a promotion claimed). */
  grantWithin(trx: Db, grant: FreeSpinGrantInput): Promise<{ grantId: string; replayed: boolean }>;
  /** The open grants of the game session's member on its game. */
  available(token: string, merchant: Merchant): Promise<RouteValue<'builtinFreeSpins'>>;
  /** Plays one spin of a grant; the same client round id replays the first answer. */
  play(
    token: string,
    merchant: Merchant,
    input: { grantId: string; clientRoundId: string },
  ): Promise<RouteValue<'builtinPlayFreeSpin'>>;
}

function grantView(grant: FreeSpinGrantRecord): FreeSpinGrant {
  return {
    grantId: grant.id.toString(),
    gameCode: grant.gameCode,
    spinsTotal: grant.spinsTotal,
    spinsLeft: grant.spinsTotal - grant.spinsUsed,
    betPerLine: minorToAmount(grant.betPerLineMinor),
    won: minorToAmount(grant.wonMinor),
    wageringMultiple: grant.wageringMultiple,
    expiresAt: grant.expiresAt.toISOString(),
  };
}

function checkGrant(grant: FreeSpinGrantInput): void {
  const invalid = (field: string) => new AppError('FREE_SPINS_GRANT_INVALID', { field });
  if (!(builtinSlotGameCodes as readonly string[]).includes(grant.gameCode)) {
    throw invalid('gameCode');
  }
  if (!Number.isInteger(grant.spins) || grant.spins < 1 || grant.spins > FREE_SPINS_PER_GRANT_MAX) {
    throw invalid('spins');
  }
  if (grant.betPerLineMinor <= 0n) throw invalid('betPerLine');
  if (
    !Number.isInteger(grant.wageringMultiple) ||
    grant.wageringMultiple < 0 ||
    grant.wageringMultiple > FREE_SPIN_WAGERING_MULTIPLE_MAX
  ) {
    throw invalid('wageringMultiple');
  }
  if (grant.idempotencyKey.length < 1 || grant.idempotencyKey.length > FREE_SPIN_KEY_MAX_LENGTH) {
    throw invalid('idempotencyKey');
  }
  if (grant.source.refId.length < 1 || grant.source.refId.length > FREE_SPIN_KEY_MAX_LENGTH) {
    throw invalid('source.refId');
  }
}

/** The same key must ask for the same grant; anything else is a conflict, never a second grant. */
function sameGrant(existing: FreeSpinGrantRecord, grant: FreeSpinGrantInput): boolean {
  return (
    existing.memberId === grant.memberId &&
    existing.gameCode === grant.gameCode &&
    existing.spinsTotal === grant.spins &&
    existing.betPerLineMinor === grant.betPerLineMinor &&
    existing.sourceKind === grant.source.kind
  );
}

/**
 * Free spins (docs/free-spins.md): grants of spins at a fixed bet on a built-in slot, played
 * through the slot's own round with the stake paid by the merchant's free-spins account. Each
 * spin, its round, its ledger steps and the bonus of its win commit in one transaction, under
 * the grant's row lock, so a grant never plays more spins than it holds.
 */
export function createFreeSpinsService(deps: {
  repository: FreeSpinsRepository;
  builtinGames: Pick<BuiltinGamesService, 'sessionOwner' | 'playFunded' | 'replayRound'>;
  ledger: Pick<LedgerService, 'systemAccount'>;
  grantBonusWithin: GrantBonusWithin;
  now?: () => number;
}): FreeSpinsService {
  const { repository, builtinGames: games } = deps;
  const now = deps.now ?? Date.now;

  /** Plays the grant's next spin on `trx`, or answers the spin this client id already played. */
  async function spinWithin(
    trx: Db,
    input: {
      token: string;
      merchant: Merchant;
      owner: { memberId: bigint; gameCode: string };
      grantId: bigint;
      clientRoundId: string;
      sponsorAccountId: bigint;
    },
  ) {
    const grant = await repository.lockGrant(trx, input.grantId);
    if (
      !grant ||
      grant.memberId !== input.owner.memberId ||
      grant.merchantCode !== input.merchant.code ||
      grant.gameCode !== input.owner.gameCode
    ) {
      throw new AppError('FREE_SPINS_NOT_FOUND');
    }
    const replayed = await repository.playOf(trx, grant.id, input.clientRoundId);
    if (replayed) return { kind: 'replayed' as const, replayed, grant };
    if (grant.spinsUsed >= grant.spinsTotal) throw new AppError('FREE_SPINS_USED_UP');
    if (grant.expiresAt.getTime() <= now()) throw new AppError('FREE_SPINS_EXPIRED');
    const spinNo = grant.spinsUsed + 1;
    const played = await games.playFunded(input.token, input.merchant, {
      clientRoundId: `free-spin:${grant.id}:${spinNo}`,
      params: { betPerLine: minorToAmount(grant.betPerLineMinor) },
      funding: {
        accountId: input.sponsorAccountId,
        executor: trx,
        betCode: FREE_SPIN_BET_CODE,
        winCode: FREE_SPIN_WIN_CODE,
        recordDetail: { freeSpinGrantId: grant.id.toString(), freeSpinNo: spinNo },
      },
    });
    const bonus =
      played.payoutMinor > 0n
        ? await deps.grantBonusWithin(trx, {
            merchantCode: grant.merchantCode,
            memberId: grant.memberId,
            currency: grant.currency,
            amountMinor: played.payoutMinor,
            requirementMinor: played.payoutMinor * BigInt(grant.wageringMultiple),
            expiresAtMs: now() + FREE_SPIN_BONUS_VALID_MS,
            source: { kind: grant.sourceKind, refId: `free-spins:${grant.id}` },
            idempotencyKey: `free-spin:${grant.id}:${spinNo}`,
          })
        : null;
    const updated = await repository.recordPlay(trx, {
      grantId: grant.id,
      spinNo,
      clientRoundId: input.clientRoundId,
      roundId: played.roundId,
      stakeMinor: played.stakeMinor,
      payoutMinor: played.payoutMinor,
      bonusId: bonus ? BigInt(bonus.bonusId) : null,
    });
    return {
      kind: 'played' as const,
      answer: { round: played.round, balance: played.balance },
      grant: updated,
      bonusId: bonus?.bonusId ?? null,
    };
  }

  return {
    async grantWithin(trx, grant) {
      checkGrant(grant);
      const { grant: saved, created } = await repository.insertGrant(trx, {
        merchantCode: grant.merchantCode,
        memberId: grant.memberId,
        currency: grant.currency,
        gameCode: grant.gameCode,
        betPerLineMinor: grant.betPerLineMinor,
        spinsTotal: grant.spins,
        wageringMultiple: grant.wageringMultiple,
        expiresAt: new Date(grant.expiresAtMs),
        sourceKind: grant.source.kind,
        sourceRef: grant.source.refId,
        idempotencyKey: grant.idempotencyKey,
      });
      if (!created && !sameGrant(saved, grant)) throw new AppError('IDEMPOTENCY_CONFLICT');
      return { grantId: saved.id.toString(), replayed: !created };
    },

    async available(token, merchant) {
      const owner = await games.sessionOwner(token, merchant);
      const grants = await repository.openGrants(
        owner.memberId,
        owner.gameCode,
        new Date(now()),
        FREE_SPIN_GRANTS_LISTED_MAX,
      );
      return { list: grants.map(grantView) };
    },

    async play(token, merchant, input) {
      const owner = await games.sessionOwner(token, merchant);
      const sponsorAccountId = await deps.ledger.systemAccount({
        merchantCode: merchant.code,
        code: FREE_SPINS_ACCOUNT,
        asset: 'cash',
        currency: owner.currency,
        shardKey: owner.memberId.toString(),
      });
      const spun = await repository.transaction((trx) =>
        spinWithin(trx, {
          token,
          merchant,
          owner,
          grantId: BigInt(input.grantId),
          clientRoundId: input.clientRoundId,
          sponsorAccountId,
        }),
      );
      if (spun.kind === 'played') {
        return { ...spun.answer, grant: grantView(spun.grant), bonusId: spun.bonusId };
      }
      const answer = await games.replayRound(token, merchant, spun.replayed.roundId);
      return {
        ...answer,
        grant: grantView(spun.grant),
        bonusId: spun.replayed.bonusId?.toString() ?? null,
      };
    },
  };
}
