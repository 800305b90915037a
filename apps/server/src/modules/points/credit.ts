import type { Db } from '../../db/database.js';
import { ledgerWithin, POINTS_ISSUER_ACCOUNT } from './ledger-accounts.js';

/** Why points were credited; the ledger transfer's code is `points.<reason>`. */
export const pointReasons = [
  'play',
  'mission',
  'referral',
  'promotion',
  'operator',
  'convert',
  'redeem',
] as const;
export type PointReason = (typeof pointReasons)[number];

/** Longest remark kept (the ledger reference's bound). */
export const POINT_REMARK_MAX_LENGTH = 200;
/** Longest idempotency key a caller may pass (the ledger id is `points:<key>`). */
export const POINT_IDEMPOTENCY_KEY_MAX_LENGTH = 180;

export interface CreditPointsInput {
  merchantCode: string;
  memberId: number;
  points: bigint;
  reason: PointReason;
  /** Shown to the member in the points detail (`ODSFE2_MemTransDet`). */
  remark: string;
  /** The same key again is the same credit: replayed, nothing moves. */
  idempotencyKey: string;
}

/**
 * Credits points to a member in the caller's transaction: one posted ledger transfer from the
 * merchant's points issuer to the member's points account, whose id is the idempotency key.
 * Missions, referrals and promotions reward through this; so does the play consumer.
 */
export async function creditPointsWithin(
  trx: Db,
  input: CreditPointsInput,
): Promise<{ replayed: boolean }> {
  if (input.points <= 0n) throw new Error(`points to credit must be positive: ${input.points}`);
  if (
    input.idempotencyKey.length === 0 ||
    input.idempotencyKey.length > POINT_IDEMPOTENCY_KEY_MAX_LENGTH
  ) {
    throw new Error(`points idempotency key length out of bounds: ${input.idempotencyKey.length}`);
  }
  const memberId = BigInt(input.memberId);
  const accounts = ledgerWithin(trx);
  const [issuer, member] = await Promise.all([
    accounts.systemPointsAccount(input.merchantCode, POINTS_ISSUER_ACCOUNT, memberId),
    accounts.memberPointsAccount(input.merchantCode, memberId),
  ]);
  const { replayed } = await accounts.ledger.transferWithin(trx, {
    id: `points:${input.idempotencyKey}`,
    debitAccountId: issuer,
    creditAccountId: member,
    amountMinor: input.points,
    code: `points.${input.reason}`,
    reference: input.remark.slice(0, POINT_REMARK_MAX_LENGTH),
  });
  return { replayed };
}
