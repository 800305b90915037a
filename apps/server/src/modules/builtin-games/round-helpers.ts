import { createHash } from 'node:crypto';
import {
  type BuiltinRound,
  type ErrorCode,
  minorToAmount,
  SEAMLESS_DETAIL_MAX_BYTES,
} from '@app/contract';
import { AppError } from '../../http/app-error.js';
import { builtinGameHandlerOf } from './games/index.js';
import type { BuiltinGameHandler, RoundDetail } from './games/types.js';
import type { BuiltinRoundRow } from './repository.js';

/**
 * The round engine's pure pieces: ids the seamless wallet sees, what a round shows the player
 * and the betting record, payout caps, and parameter checks.
 */

export function hashGameSession(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The seamless wallet's round id and transaction ids of a round (stable: retries replay). */
export const walletRoundId = (round: BuiltinRoundRow) => round.id.toString();
export const betTransactionId = (round: BuiltinRoundRow) => `inh-${round.id}-bet`;
export const winTransactionId = (round: BuiltinRoundRow) => `inh-${round.id}-win`;
export const rollbackTransactionId = (round: BuiltinRoundRow) => `inh-${round.id}-rollback`;

export function fingerprintOf(params: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(params ?? null))
    .digest('hex');
}

/** What `game_rounds.detail` gets at the end: `{params, outcome, view}`, within the wallet's size. */
export function walletDetailOf(round: BuiltinRoundRow): Record<string, unknown> {
  const { detail, needsRoundId } = recordDetailOf(round);
  return needsRoundId ? { ...detail, builtinRoundId: round.id.toString() } : detail;
}

/**
 * The record's detail of a round that has no id yet (the one-statement instant round): the
 * detail, or without the outcome when too large, in which case the id is to be added.
 */
export function recordDetailOf(round: Pick<BuiltinRoundRow, 'params' | 'outcome' | 'view'>): {
  detail: Record<string, unknown>;
  needsRoundId: boolean;
} {
  const detail: RoundDetail = { params: round.params, outcome: round.outcome, view: round.view };
  if (JSON.stringify(detail).length <= SEAMLESS_DETAIL_MAX_BYTES) {
    return { detail: { ...detail }, needsRoundId: false };
  }
  // Too large for the record: the round stays verifiable from the history by its id.
  return { detail: { params: round.params, outcome: null }, needsRoundId: true };
}

/** The round as the API answers it: a round in play never shows its hidden outcome. */
export function publicRound(round: BuiltinRoundRow): BuiltinRound {
  const inPlay = round.status === 'open' || round.status === 'pending';
  const hidden = inPlay && round.kind === 'stepped';
  return {
    roundId: round.id.toString(),
    gameCode: round.gameCode,
    status:
      round.status === 'settled' ? 'settled' : round.status === 'cancelled' ? 'cancelled' : 'open',
    stake: minorToAmount(round.stakeMinor),
    payout: minorToAmount(round.payoutMinor),
    payoutCapped: round.payoutCapped,
    detail: {
      params: round.params,
      outcome: hidden ? null : round.outcome,
      ...(round.view === null || round.view === undefined ? {} : { view: round.view }),
    },
    proof: { ...round.proof, nonce: round.nonce },
    ...(round.kind === 'stepped' ? { steps: round.steps } : {}),
    startedAt: round.createdAt.toISOString(),
    settledAt: round.settledAt?.toISOString() ?? null,
  };
}

/** What a cancelled round no longer shows: it was never played, so it has no result. */
export const REFUSED_ROUND_CLEARED = {
  outcome: null,
  view: null,
  state: null,
  payoutMinor: 0n,
  payoutCapped: false,
} as const;

/** JSON with object keys sorted: stored jsonb does not keep the order a value was written in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isPlainObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Whether `action` is the one taken at `step` (both as parsed). A step taken before actions
 * were recorded (rounds open across the upgrade) is taken on trust, as before.
 */
export function sameStepAction(round: BuiltinRoundRow, step: number, action: unknown): boolean {
  if (step >= round.stepActions.length) return true;
  return canonicalJson(round.stepActions[step]) === canonicalJson(action);
}

export function capped(payoutMinor: bigint, maxPayoutMinor: bigint) {
  return payoutMinor > maxPayoutMinor
    ? { payoutMinor: maxPayoutMinor, payoutCapped: true }
    : { payoutMinor, payoutCapped: false };
}

export function handlerOrThrow(gameCode: string): BuiltinGameHandler {
  const handler = builtinGameHandlerOf(gameCode);
  if (!handler) throw new AppError('BUILTIN_GAME_UNAVAILABLE');
  return handler;
}

/** Where the first problem of a failed parse lies, as `<prefix>.<path>` (an unknown key named). */
function fieldOfIssue(
  prefix: string,
  issue: { code?: string; path?: PropertyKey[]; keys?: string[] } | undefined,
): string {
  const path = [...(issue?.path ?? []).map(String)];
  if (issue?.code === 'unrecognized_keys' && issue.keys?.[0] !== undefined)
    path.push(issue.keys[0]);
  return [prefix, ...path].join('.');
}

/**
 * The first key of `raw` that the parse dropped (a schema that strips instead of refusing):
 * what the engine stores is the parsed value, so a dropped key is refused as unknown too.
 */
export function droppedKeyOf(raw: unknown, parsed: unknown, path: string): string | undefined {
  if (Array.isArray(raw) && Array.isArray(parsed)) {
    for (const [index, item] of raw.entries()) {
      const dropped = droppedKeyOf(item, parsed[index], `${path}.${index}`);
      if (dropped) return dropped;
    }
    return undefined;
  }
  if (!isPlainObject(raw) || !isPlainObject(parsed)) return undefined;
  for (const [key, value] of Object.entries(raw)) {
    if (!Object.hasOwn(parsed, key)) return `${path}.${key}`;
    const dropped = droppedKeyOf(value, parsed[key], `${path}.${key}`);
    if (dropped) return dropped;
  }
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A game's parameters (or a step's action) parsed strictly: BUILTIN_PARAMS_INVALID naming the
 * field (`params.<key>`, `action.<key>`) when a value is wrong or a key is not the game's.
 */
export function parseWith<T>(
  schema: {
    safeParse(
      value: unknown,
    ):
      | { success: true; data: T }
      | { success: false; error: { issues: { code?: string; path?: PropertyKey[] }[] } };
  },
  value: unknown,
  prefix: 'params' | 'action',
): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new AppError('BUILTIN_PARAMS_INVALID', {
      field: fieldOfIssue(prefix, result.error.issues[0]),
    });
  }
  const dropped = droppedKeyOf(value, result.data, prefix);
  if (dropped) throw new AppError('BUILTIN_PARAMS_INVALID', { field: dropped });
  return result.data;
}

export function isAppError(error: unknown, code?: ErrorCode): error is AppError {
  return error instanceof AppError && (code === undefined || error.errorCode === code);
}
