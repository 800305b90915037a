import { createHash } from 'node:crypto';
import {
  SEAMLESS_BALANCE_MAX_MINOR,
  type SeamlessAction,
  type SeamlessBody,
  seamlessCalls,
} from '@app/contract';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../http/app-error.js';
import { appendEvents } from '../../events/index.js';
import type { GameLookups } from '../../games/index.js';
import type { LedgerService } from '../../ledger/index.js';
import {
  createSeamlessRepository,
  type GameSession,
  type SeamlessQueries,
  type SeamlessRepository,
} from './repository.js';

/** A game session ends after this long without a bet or balance call (wins still land). */
export const GAME_SESSION_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/** last_used_at of a game session is written at most this often. */
export const GAME_SESSION_TOUCH_INTERVAL_MS = 60 * 1000;
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

export function hashGameSecret(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** The house account of a provider (sharded by member), the other side of every game transfer. */
export function houseAccountCode(vassalage: string): string {
  return `game:${vassalage}`;
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

/** In-process callers get the same checks as the HTTP routes (safe integers, sizes). */
export function parsed<A extends SeamlessAction>(action: A, body: unknown): SeamlessBody<A> {
  const result = seamlessCalls[action].body.safeParse(body);
  if (!result.success) {
    const field = result.error.issues[0]?.path.join('.');
    throw new AppError('VALIDATION_FAILED', field ? { field } : undefined);
  }
  return result.data as SeamlessBody<A>;
}

/** What the wallet's calls share: one per wallet, built in service.ts. */
export interface WalletParts {
  repository: SeamlessRepository;
  ledger: LedgerService;
  catalogue: GameLookups;
  now: () => number;
  /** Game sessions by id hash, with when each was read. */
  sessions: Map<string, { session: GameSession; cachedAtMs: number }>;
  /** Account ids never change once made: the hot path asks the ledger once per process. */
  accountIds: Map<string, bigint>;
  /** Refuses a stake above a wagering bonus's max bet (module bonus), in the bet's transaction. */
  stakeGuard?: StakeGuard | undefined;
}

export type StakeGuard = (
  executor: Db,
  memberId: bigint,
  currency: string,
  stakeMinor: bigint,
) => Promise<void>;

export function createWalletParts(
  db: Db,
  deps: {
    ledger: LedgerService;
    catalogue: GameLookups;
    now?: () => number;
    stakeGuard?: StakeGuard | undefined;
  },
): WalletParts {
  return {
    stakeGuard: deps.stakeGuard,
    repository: createSeamlessRepository(db),
    ledger: deps.ledger,
    catalogue: deps.catalogue,
    now: deps.now ?? Date.now,
    sessions: new Map(),
    accountIds: new Map(),
  };
}

export function rememberSession(parts: WalletParts, session: GameSession): void {
  if (parts.sessions.size >= GAME_SESSION_CACHE_MAX_ENTRIES) parts.sessions.clear();
  parts.sessions.set(session.idHash, { session, cachedAtMs: parts.now() });
}

export async function knownSession(
  parts: WalletParts,
  idHash: string,
): Promise<GameSession | undefined> {
  const cached = parts.sessions.get(idHash);
  if (cached && parts.now() - cached.cachedAtMs <= GAME_SESSION_CACHE_TTL_MS) {
    return cached.session;
  }
  const session = await parts.repository.findSession(idHash);
  if (session) rememberSession(parts, session);
  else parts.sessions.delete(idHash);
  return session;
}

/**
 * Whose session a call names, from memory when known: its member, merchant, game and currency
 * never change. Whether it is still live is not remembered (see `checkLive`).
 */
export async function sessionOf(
  parts: WalletParts,
  vassalage: string,
  sessionId: string,
): Promise<GameSession> {
  const session = await knownSession(parts, hashGameSecret(sessionId));
  if (!session || session.vassalage !== vassalage) throw new AppError('SEAMLESS_SESSION_INVALID');
  return session;
}

/**
 * A live call (bet, balance) needs the session used within the idle timeout, read from the
 * database (inside the bet's own transaction, so it costs no commit); a use is written at
 * most once a minute.
 */
export async function checkLive(
  parts: WalletParts,
  queries: SeamlessQueries,
  session: GameSession,
): Promise<void> {
  const { now } = parts;
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

async function cachedAccount(
  parts: WalletParts,
  key: string,
  make: () => Promise<bigint>,
): Promise<bigint> {
  const known = parts.accountIds.get(key);
  if (known !== undefined) return known;
  const id = await make();
  if (parts.accountIds.size >= ACCOUNT_ID_CACHE_MAX) parts.accountIds.clear();
  parts.accountIds.set(key, id);
  return id;
}

/** The session member's cash account and the provider's house account (its shard). */
export async function accountsOf(parts: WalletParts, session: GameSession) {
  const { merchantCode, memberId, currency } = session;
  const [memberAccountId, houseAccountId] = await Promise.all([
    cachedAccount(parts, `member:${memberId}:${currency}`, () =>
      parts.ledger.memberAccount({ merchantCode, memberId, asset: 'cash', currency }),
    ),
    cachedAccount(parts, `house:${merchantCode}:${session.vassalage}:${currency}:${memberId}`, () =>
      parts.ledger.systemAccount({
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

/** The member's available cash (balance less holds), as the protocol's number. */
export async function availableOnWire(
  parts: WalletParts,
  memberAccountId: bigint,
): Promise<number> {
  const [account] = await parts.ledger.findAccounts([memberAccountId]);
  return wireMinor((account?.balanceMinor ?? 0n) - (account?.heldMinor ?? 0n));
}

/**
 * The member's available balance after a credit, in the call's transaction: past the wallet's
 * maximum, the credit is refused (SEAMLESS_BALANCE_LIMIT, a stored refusal) and the savepoint
 * undoes it, so no money moves. Checked after the transfer, under its account lock, so two
 * credits at once cannot both pass.
 */
export async function balanceAfterCredit(
  parts: WalletParts,
  executor: Db,
  memberAccountId: bigint,
): Promise<bigint> {
  const balanceMinor = await parts.ledger.availableWithin(executor, memberAccountId);
  if (balanceMinor > BigInt(SEAMLESS_BALANCE_MAX_MINOR)) {
    throw new AppError('SEAMLESS_BALANCE_LIMIT');
  }
  return balanceMinor;
}

/** The ledger transfer id of a provider's transaction (a suffix for its refund). */
export function ledgerId(vassalage: string, transactionId: string, suffix = ''): string {
  return `seamless:${vassalage}:${transactionId}${suffix}`;
}

/** The stream's record of one money step, appended in the step's own transaction. */
export function appendMoneyEvent(
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
