import { createHash, randomBytes } from 'node:crypto';
import {
  type ErrorCode,
  errorStatusByCode,
  SEAMLESS_BALANCE_MAX_MINOR,
  type SeamlessAction,
  type SeamlessBody,
  type SeamlessValue,
  seamlessCalls,
} from '@app/contract';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../http/app-error.js';
import { type CrashPointName, crashPoint } from '../../../safety/crash-points.js';
import { appendEvents } from '../../events/index.js';
import type { GameLookups } from '../../games/index.js';
import type { LedgerService } from '../../ledger/index.js';
import { appendRoundsSettled } from '../rounds/repository.js';
import {
  createSeamlessRepository,
  type GameSession,
  type RoundBreak,
  type SeamlessQueries,
  type StoredAnswer,
  type WalletTransaction,
} from './repository.js';

/** A game session ends after this long without a bet or balance call (wins still land). */
export const GAME_SESSION_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/** last_used_at of a game session is written at most this often. */
export const GAME_SESSION_TOUCH_INTERVAL_MS = 60 * 1000;
const GAME_SESSION_ID_BYTES = 32;
/** Member and house account ids remembered per process (cleared when full). */
const ACCOUNT_ID_CACHE_MAX = 10_000;
/**
 * Game sessions remembered per process, and for how long. A session's member, merchant, game
 * and currency never change (its last use is read fresh where it matters). The time to live
 * bounds how long a pruned session is still known; the size bounds memory (about 300 bytes an
 * entry).
 */
export const GAME_SESSION_CACHE_MAX_ENTRIES = 10_000;
export const GAME_SESSION_CACHE_TTL_MS = 60_000;
/** Accepted money moves the reconciliation checks against the ledger per query. */
const RECONCILE_PAGE_SIZE = 5_000;
/** Ledger codes: bets count as turnover (withdrawals), the account record shows all three. */
export const GAME_BET_CODE = 'bet';
export const GAME_WIN_CODE = 'win';
export const GAME_REFUND_CODE = 'refund';

/** Refusals a provider gets as the transaction's first answer (stored, replayed to repeats). */
const STORED_REFUSALS = new Set<ErrorCode>([
  'SEAMLESS_INSUFFICIENT_FUNDS',
  'SEAMLESS_ROUND_CLOSED',
  'SEAMLESS_ROUND_NOT_FOUND',
  'SEAMLESS_BET_ROLLED_BACK',
  'SEAMLESS_ROLLBACK_INVALID',
  'SEAMLESS_BALANCE_LIMIT',
]);

export function hashGameSecret(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** The house account of a provider (sharded by member), the other side of every game transfer. */
export function houseAccountCode(vassalage: string): string {
  return `game:${vassalage}`;
}

/**
 * The seamless wallet, for any provider: builtin providers call it in-process with their
 * vassalage, outside providers through the signed HTTP routes. Every method answers the value
 * of the protocol or throws AppError with its code.
 */
export interface SeamlessWallet {
  authenticate(
    vassalage: string,
    body: SeamlessBody<'authenticate'>,
  ): Promise<SeamlessValue<'authenticate'>>;
  balance(vassalage: string, body: SeamlessBody<'balance'>): Promise<SeamlessValue<'balance'>>;
  bet(vassalage: string, body: SeamlessBody<'bet'>): Promise<SeamlessValue<'bet'>>;
  win(vassalage: string, body: SeamlessBody<'win'>): Promise<SeamlessValue<'win'>>;
  rollback(vassalage: string, body: SeamlessBody<'rollback'>): Promise<SeamlessValue<'rollback'>>;
  /** The merchant and member of a game session, by the session id the provider was given. */
  sessionOwner(sessionId: string): Promise<{ merchantCode: string; memberId: bigint } | undefined>;
  /** Rounds whose sums disagree with the accepted transactions behind them (reconciliation). */
  roundBreaks(): Promise<RoundBreak[]>;
}

type MoneyAction = Extract<SeamlessAction, 'bet' | 'win' | 'rollback'>;

function fingerprintOf(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

function refusal(errorCode: ErrorCode): StoredAnswer {
  return { ok: false, status: errorStatusByCode[errorCode], errorCode };
}

/** In-process callers get the same checks as the HTTP routes (safe integers, sizes). */
function parsed<A extends SeamlessAction>(action: A, body: unknown): SeamlessBody<A> {
  const result = seamlessCalls[action].body.safeParse(body);
  if (!result.success) {
    const field = result.error.issues[0]?.path.join('.');
    throw new AppError('VALIDATION_FAILED', field ? { field } : undefined);
  }
  return result.data as SeamlessBody<A>;
}

/**
 * A balance as the protocol's JSON number. Money stays bigint up to here; a balance a JSON
 * number cannot carry exactly (only reachable by credits outside this wallet) is refused with
 * a stable code instead of an inexact number or a reply that fails validation.
 */
export function wireMinor(balanceMinor: bigint): number {
  if (balanceMinor > BigInt(Number.MAX_SAFE_INTEGER) || balanceMinor < 0n) {
    throw new AppError('SEAMLESS_BALANCE_LIMIT');
  }
  return Number(balanceMinor);
}

function answerOrThrow<T>(answer: StoredAnswer): T {
  if (answer.ok) return answer.value as T;
  throw new AppError(answer.errorCode as ErrorCode);
}

/** The seamless wallet on its own repository over `db`; money moves through `ledger`. */
export function createSeamlessWallet(
  db: Db,
  deps: { ledger: LedgerService; catalogue: GameLookups; now?: () => number },
): SeamlessWallet {
  const repository = createSeamlessRepository(db);
  const { ledger, catalogue } = deps;
  const now = deps.now ?? Date.now;

  const sessions = new Map<string, { session: GameSession; cachedAtMs: number }>();
  function remember(session: GameSession): void {
    if (sessions.size >= GAME_SESSION_CACHE_MAX_ENTRIES) sessions.clear();
    sessions.set(session.idHash, { session, cachedAtMs: now() });
  }
  async function knownSession(idHash: string): Promise<GameSession | undefined> {
    const cached = sessions.get(idHash);
    if (cached && now() - cached.cachedAtMs <= GAME_SESSION_CACHE_TTL_MS) return cached.session;
    const session = await repository.findSession(idHash);
    if (session) remember(session);
    else sessions.delete(idHash);
    return session;
  }

  /**
   * Whose session a call names, from memory when known: its member, merchant, game and currency
   * never change. Whether it is still live is not remembered (see `checkLive`).
   */
  async function sessionOf(vassalage: string, sessionId: string): Promise<GameSession> {
    const session = await knownSession(hashGameSecret(sessionId));
    if (!session || session.vassalage !== vassalage) throw new AppError('SEAMLESS_SESSION_INVALID');
    return session;
  }

  /**
   * A live call (bet, balance) needs the session used within the idle timeout, read from the
   * database (inside the bet's own transaction, so it costs no commit); a use is written at
   * most once a minute.
   */
  async function checkLive(queries: SeamlessQueries, session: GameSession): Promise<void> {
    const lastUsedAt = await queries.sessionLastUsedAt(session.idHash);
    if (!lastUsedAt || now() - lastUsedAt.getTime() > GAME_SESSION_IDLE_TIMEOUT_MS) {
      throw new AppError('SEAMLESS_SESSION_INVALID');
    }
    if (now() - lastUsedAt.getTime() > GAME_SESSION_TOUCH_INTERVAL_MS) {
      await queries.touchSession(
        session.idHash,
        new Date(now()),
        new Date(now() - GAME_SESSION_TOUCH_INTERVAL_MS),
      );
    }
  }

  // Account ids never change once made: the hot path asks the ledger once per process.
  const accountIds = new Map<string, bigint>();
  async function cachedAccount(key: string, make: () => Promise<bigint>): Promise<bigint> {
    const known = accountIds.get(key);
    if (known !== undefined) return known;
    const id = await make();
    if (accountIds.size >= ACCOUNT_ID_CACHE_MAX) accountIds.clear();
    accountIds.set(key, id);
    return id;
  }

  async function accountsOf(session: GameSession) {
    const { merchantCode, memberId, currency } = session;
    const [memberAccountId, houseAccountId] = await Promise.all([
      cachedAccount(`member:${memberId}:${currency}`, () =>
        ledger.memberAccount({ merchantCode, memberId, asset: 'cash', currency }),
      ),
      cachedAccount(`house:${merchantCode}:${session.vassalage}:${currency}:${memberId}`, () =>
        ledger.systemAccount({
          merchantCode,
          code: houseAccountCode(session.vassalage),
          asset: 'cash',
          currency,
          shardKey: memberId.toString(),
        }),
      ),
    ]);
    return { memberAccountId, houseAccountId };
  }

  /** Replays the first answer of an id, or refuses a repeat whose fields differ. */
  function replayOf(
    existing: WalletTransaction | undefined,
    kind: MoneyAction,
    fingerprint: string,
  ) {
    if (!existing?.answer) throw new AppError('SERVICE_UNAVAILABLE');
    if (existing.kind === 'marker') {
      // A rollback came first for this id: the late bet is refused, anything else conflicts.
      return refusal(kind === 'bet' ? 'SEAMLESS_BET_ROLLED_BACK' : 'SEAMLESS_TX_CONFLICT');
    }
    if (existing.kind !== kind || existing.fingerprint !== fingerprint) {
      return refusal('SEAMLESS_TX_CONFLICT');
    }
    return existing.answer;
  }

  /**
   * One money call: claims the transaction id, carries `work` out under a savepoint and stores
   * its answer (or its refusal) with the money, in one database transaction.
   */
  async function moneyCall<A extends MoneyAction>(
    vassalage: string,
    session: GameSession,
    options: { live: boolean },
    claim: {
      kind: A;
      transactionId: string;
      roundRef: string;
      refTransactionId: string | null;
      amountMinor: bigint;
      fingerprintParts: unknown[];
    },
    work: (
      queries: SeamlessQueries,
      executor: Db,
    ) => Promise<{ balanceMinor: bigint; ledgerTransferId: string | null }>,
  ): Promise<SeamlessValue<A>> {
    const fingerprint = fingerprintOf([
      claim.kind,
      session.memberId.toString(),
      ...claim.fingerprintParts,
    ]);
    const answer = await repository.transaction(async (queries, executor) => {
      if (options.live) await checkLive(queries, session);
      const claimed = await queries.claimTransaction({
        vassalage,
        transactionId: claim.transactionId,
        kind: claim.kind,
        merchantCode: session.merchantCode,
        memberId: session.memberId,
        roundRef: claim.roundRef,
        refTransactionId: claim.refTransactionId,
        amountMinor: claim.amountMinor,
        fingerprint,
      });
      if (!claimed) {
        return replayOf(
          await queries.findTransaction(vassalage, claim.transactionId),
          claim.kind,
          fingerprint,
        );
      }
      let stored: StoredAnswer;
      let ledgerTransferId: string | null = null;
      try {
        // The answer is made inside the savepoint: one the protocol cannot carry undoes the work.
        const done = await queries.attempt(async () => {
          const worked = await work(queries, executor);
          return { ...worked, balanceMinor: wireMinor(worked.balanceMinor) };
        });
        ledgerTransferId = done.ledgerTransferId;
        stored = {
          ok: true,
          value: { balanceMinor: done.balanceMinor, transactionId: claim.transactionId },
        };
      } catch (error) {
        if (!(error instanceof AppError && STORED_REFUSALS.has(error.errorCode))) throw error;
        stored = refusal(error.errorCode);
      }
      await queries.saveAnswer(vassalage, claim.transactionId, stored, ledgerTransferId);
      crashPoint(`seamless.${claim.kind}.before-commit` as CrashPointName);
      return stored;
    });
    crashPoint(`seamless.${claim.kind}.after-commit` as CrashPointName);
    return answerOrThrow(answer);
  }

  /** The stream's record of one money step, appended in the step's own transaction. */
  function appendMoneyEvent(
    executor: Db,
    type: 'game.bet-placed' | 'game.win-paid' | 'game.bet-refunded',
    session: GameSession,
    step: { roundRef: string; transactionId: string; amountMinor: bigint },
  ) {
    return appendEvents(executor, [
      {
        type,
        merchantCode: session.merchantCode,
        memberId: session.memberId,
        payload: {
          memberId: session.memberId.toString(),
          vassalage: session.vassalage,
          roundRef: step.roundRef,
          transactionId: step.transactionId,
          currency: session.currency,
          amountMinor: step.amountMinor.toString(),
        },
      },
    ]);
  }

  function ledgerId(vassalage: string, transactionId: string, suffix = '') {
    return `seamless:${vassalage}:${transactionId}${suffix}`;
  }

  /**
   * The member's available balance after a credit, in the call's transaction: past the wallet's
   * maximum, the credit is refused (SEAMLESS_BALANCE_LIMIT, a stored refusal) and the savepoint
   * undoes it, so no money moves. Checked after the transfer, under its account lock, so two
   * credits at once cannot both pass.
   */
  async function balanceAfterCredit(executor: Db, memberAccountId: bigint): Promise<bigint> {
    const balanceMinor = await ledger.availableWithin(executor, memberAccountId);
    if (balanceMinor > BigInt(SEAMLESS_BALANCE_MAX_MINOR)) {
      throw new AppError('SEAMLESS_BALANCE_LIMIT');
    }
    return balanceMinor;
  }

  return {
    async authenticate(vassalage, input) {
      const body = parsed('authenticate', input);
      // Another provider's token is not spent: it stays good for the game it was made for.
      const spent = await repository.spendLaunchToken(
        hashGameSecret(body.launchToken),
        vassalage,
        new Date(now()),
      );
      if (!spent) throw new AppError('SEAMLESS_TOKEN_INVALID');
      const game = await catalogue.gameByNode(spent.nodeId);
      if (!game) throw new AppError('SEAMLESS_TOKEN_INVALID');
      const sessionId = randomBytes(GAME_SESSION_ID_BYTES).toString('base64url');
      const session = { idHash: hashGameSecret(sessionId), ...spent };
      const openedAt = new Date(now());
      await repository.insertSession(session, openedAt);
      remember({ ...session, lastUsedAt: openedAt });
      const { memberAccountId } = await accountsOf({ ...session, lastUsedAt: openedAt });
      const [account] = await ledger.findAccounts([memberAccountId]);
      return {
        sessionId,
        currency: spent.currency,
        balanceMinor: wireMinor((account?.balanceMinor ?? 0n) - (account?.heldMinor ?? 0n)),
        language: spent.language,
        gameCode: game.gameCode,
        nodeId: Number(spent.nodeId),
        roomId: spent.roomId,
      };
    },

    async balance(vassalage, input) {
      const body = parsed('balance', input);
      const session = await sessionOf(vassalage, body.sessionId);
      await checkLive(repository, session);
      const { memberAccountId } = await accountsOf(session);
      const [account] = await ledger.findAccounts([memberAccountId]);
      return {
        balanceMinor: wireMinor((account?.balanceMinor ?? 0n) - (account?.heldMinor ?? 0n)),
        currency: session.currency,
      };
    },

    async bet(vassalage, input) {
      const body = parsed('bet', input);
      const session = await sessionOf(vassalage, body.sessionId);
      const { memberAccountId, houseAccountId } = await accountsOf(session);
      const game =
        (await catalogue.gameByCode(session.merchantCode, vassalage, body.gameCode)) ??
        (await catalogue.gameByNode(session.nodeId));
      if (!game) throw new AppError('SEAMLESS_SESSION_INVALID');
      const amountMinor = BigInt(body.amountMinor);
      return moneyCall(
        vassalage,
        session,
        { live: true },
        {
          kind: 'bet',
          transactionId: body.transactionId,
          roundRef: body.roundId,
          refTransactionId: null,
          amountMinor,
          fingerprintParts: [body.roundId, body.amountMinor, body.gameCode],
        },
        async (queries, executor) => {
          const round = await queries.lockRound(vassalage, body.roundId, {
            merchantCode: session.merchantCode,
            memberId: session.memberId,
            nodeId: game.nodeId,
            gameType: game.gameType,
            currency: session.currency,
          });
          if (!round || round.memberId !== session.memberId || round.status !== 'open') {
            throw new AppError('SEAMLESS_ROUND_CLOSED');
          }
          const id = ledgerId(vassalage, body.transactionId);
          try {
            await ledger.transferWithin(executor, {
              id,
              debitAccountId: memberAccountId,
              creditAccountId: houseAccountId,
              amountMinor,
              code: GAME_BET_CODE,
              reference: `${vassalage}:${body.roundId}`,
            });
          } catch (error) {
            if (error instanceof AppError && error.errorCode === 'INSUFFICIENT_FUNDS') {
              throw new AppError('SEAMLESS_INSUFFICIENT_FUNDS');
            }
            throw error;
          }
          await queries.updateRound(round.id, {
            stakeMinor: amountMinor,
            status: 'open',
            ...(body.detail ? { detail: body.detail } : {}),
          });
          await appendMoneyEvent(executor, 'game.bet-placed', session, {
            roundRef: body.roundId,
            transactionId: body.transactionId,
            amountMinor,
          });
          return {
            balanceMinor: await ledger.availableWithin(executor, memberAccountId),
            ledgerTransferId: id,
          };
        },
      );
    },

    async win(vassalage, input) {
      const body = parsed('win', input);
      // Settlement must land: an idle session still identifies the member.
      const session = await sessionOf(vassalage, body.sessionId);
      const { memberAccountId, houseAccountId } = await accountsOf(session);
      const sessionGame = body.roundClosed ? await catalogue.gameByNode(session.nodeId) : undefined;
      const amountMinor = BigInt(body.amountMinor);
      return moneyCall(
        vassalage,
        session,
        { live: false },
        {
          kind: 'win',
          transactionId: body.transactionId,
          roundRef: body.roundId,
          refTransactionId: null,
          amountMinor,
          fingerprintParts: [body.roundId, body.amountMinor, body.roundClosed],
        },
        async (queries, executor) => {
          const round = await queries.lockRound(vassalage, body.roundId);
          if (!round || round.memberId !== session.memberId || round.stakeMinor === 0n) {
            throw new AppError('SEAMLESS_ROUND_NOT_FOUND');
          }
          if (round.status === 'cancelled' || round.refundedMinor >= round.stakeMinor) {
            throw new AppError('SEAMLESS_BET_ROLLED_BACK');
          }
          if (round.status !== 'open') throw new AppError('SEAMLESS_ROUND_CLOSED');
          const id = ledgerId(vassalage, body.transactionId);
          // A win of 0 is a loss: nothing moves, the round may close.
          if (amountMinor > 0n) {
            await ledger.transferWithin(executor, {
              id,
              debitAccountId: houseAccountId,
              creditAccountId: memberAccountId,
              amountMinor,
              code: GAME_WIN_CODE,
              reference: `${vassalage}:${body.roundId}`,
            });
          }
          await queries.updateRound(round.id, {
            winMinor: amountMinor,
            status: body.roundClosed ? 'settled' : 'open',
            ...(body.detail ? { detail: body.detail } : {}),
          });
          if (amountMinor > 0n) {
            await appendMoneyEvent(executor, 'game.win-paid', session, {
              roundRef: body.roundId,
              transactionId: body.transactionId,
              amountMinor,
            });
          }
          if (body.roundClosed) {
            // The session's game was looked up before the transaction; another node (a bet
            // named another game) is read on this transaction, never on a second connection.
            const game =
              round.nodeId === null
                ? undefined
                : round.nodeId === sessionGame?.nodeId
                  ? sessionGame
                  : await catalogue.gameByNodeWithin(executor, round.nodeId);
            await appendRoundsSettled(executor, [
              { id: round.id, gameCode: game?.gameCode ?? null },
            ]);
          }
          return {
            // A loss credits nothing, so it settles whatever the balance.
            balanceMinor:
              amountMinor > 0n
                ? await balanceAfterCredit(executor, memberAccountId)
                : await ledger.availableWithin(executor, memberAccountId),
            ledgerTransferId: amountMinor > 0n ? id : null,
          };
        },
      );
    },

    async rollback(vassalage, input) {
      const body = parsed('rollback', input);
      // A refund must land too: an idle session still identifies the member.
      const session = await sessionOf(vassalage, body.sessionId);
      const { memberAccountId, houseAccountId } = await accountsOf(session);
      return moneyCall(
        vassalage,
        session,
        { live: false },
        {
          kind: 'rollback',
          transactionId: body.transactionId,
          roundRef: body.roundId,
          refTransactionId: body.refTransactionId,
          amountMinor: 0n,
          fingerprintParts: [body.roundId, body.refTransactionId],
        },
        async (queries, executor) => {
          const balanceNow = async () => ({
            balanceMinor: await ledger.availableWithin(executor, memberAccountId),
            ledgerTransferId: null,
          });
          // Take the bet's id: if the bet is being carried out now, this waits for it; if it
          // never came, the marker refuses it when it does.
          const marked = await queries.claimTransaction({
            vassalage,
            transactionId: body.refTransactionId,
            kind: 'marker',
            merchantCode: session.merchantCode,
            memberId: session.memberId,
            roundRef: body.roundId,
            refTransactionId: body.transactionId,
            amountMinor: 0n,
            fingerprint: 'marker',
          });
          if (marked) {
            await queries.saveAnswer(
              vassalage,
              body.refTransactionId,
              refusal('SEAMLESS_BET_ROLLED_BACK'),
              null,
            );
            return balanceNow();
          }
          const bet = await queries.findTransaction(vassalage, body.refTransactionId, {
            lock: true,
          });
          if (!bet) throw new Error(`seamless transaction ${body.refTransactionId} vanished`);
          if (bet.kind === 'marker') return balanceNow();
          if (
            bet.kind !== 'bet' ||
            bet.memberId !== session.memberId ||
            bet.roundRef !== body.roundId
          ) {
            throw new AppError('SEAMLESS_ROLLBACK_INVALID');
          }
          // A refused bet moved nothing; a refunded one is refunded once.
          if (!bet.answer?.ok || bet.refundedBy !== null) return balanceNow();
          // Round before money (the lock order of every call). A settled round is final: its
          // win was paid on the stake, so the stake cannot come back as well.
          const round = await queries.lockRound(vassalage, body.roundId);
          if (round?.status === 'settled') throw new AppError('SEAMLESS_ROUND_CLOSED');
          const id = ledgerId(vassalage, bet.transactionId, ':refund');
          await ledger.transferWithin(executor, {
            id,
            debitAccountId: houseAccountId,
            creditAccountId: memberAccountId,
            amountMinor: bet.amountMinor,
            code: GAME_REFUND_CODE,
            reference: `${vassalage}:${body.roundId}`,
          });
          await queries.markRefunded(vassalage, bet.transactionId, body.transactionId);
          await appendMoneyEvent(executor, 'game.bet-refunded', session, {
            roundRef: body.roundId,
            transactionId: body.transactionId,
            amountMinor: bet.amountMinor,
          });
          if (round) {
            const refundedMinor = round.refundedMinor + bet.amountMinor;
            const cancelled = refundedMinor >= round.stakeMinor && round.winMinor === 0n;
            await queries.updateRound(round.id, {
              refundedMinor: bet.amountMinor,
              status: cancelled ? 'cancelled' : round.status,
            });
          }
          return {
            balanceMinor: await balanceAfterCredit(executor, memberAccountId),
            ledgerTransferId: id,
          };
        },
      );
    },

    async sessionOwner(sessionId) {
      const session = await knownSession(hashGameSecret(sessionId));
      return session && { merchantCode: session.merchantCode, memberId: session.memberId };
    },

    async roundBreaks() {
      const breaks = await repository.roundBreaks();
      // Each accepted move against its ledger transfer, a page at a time (the ledger's own table).
      let after: { vassalage: string; transactionId: string } | undefined;
      for (;;) {
        const moves = await repository.acceptedMoves(after, RECONCILE_PAGE_SIZE);
        const amounts = await ledger.transferAmounts(
          moves.flatMap((move) => (move.ledgerTransferId ? [move.ledgerTransferId] : [])),
        );
        for (const move of moves) {
          const moved = move.ledgerTransferId ? amounts.get(move.ledgerTransferId) : undefined;
          if (moved !== move.amountMinor) {
            breaks.push({
              vassalage: move.vassalage,
              roundRef: move.transactionId,
              detail: 'accepted money move without its ledger transfer',
            });
          }
        }
        const last = moves[moves.length - 1];
        if (!last || moves.length < RECONCILE_PAGE_SIZE) break;
        after = { vassalage: last.vassalage, transactionId: last.transactionId };
      }
      return breaks;
    },
  };
}
