import { bonusSourceKinds } from '@app/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { appendEvents } from '../events/index.js';
import {
  BONUS_LEDGER_CODE,
  bonusTransferId,
  closeBonusWithin,
  type TransitionDeps,
} from './transitions.js';
import type { Bonus, BonusGrant, BonusGrantResult } from './types.js';
import { isValidWeight, resolveWeights } from './weights.js';

/** Longest idempotency key and source reference a grant may carry. */
export const BONUS_KEY_MAX_LENGTH = 200;

function invalid(field: string): never {
  throw new AppError('BONUS_GRANT_INVALID', { field });
}

/** A grant's fields, checked: a caller's mistake is refused before anything is written. */
export function checkGrant(grant: BonusGrant, nowMs: number): void {
  if (grant.amountMinor <= 0n) invalid('amountMinor');
  if (grant.requirementMinor < 0n) invalid('requirementMinor');
  if (grant.maxBetMinor !== null && grant.maxBetMinor <= 0n) invalid('maxBetMinor');
  if (!Number.isFinite(grant.expiresAtMs) || grant.expiresAtMs <= nowMs) invalid('expiresAtMs');
  if (!Number.isSafeInteger(grant.memberId) || grant.memberId <= 0) invalid('memberId');
  if (!/^[A-Z]{3}$/.test(grant.currency)) invalid('currency');
  const key = grant.idempotencyKey;
  if (key.length === 0 || key.length > BONUS_KEY_MAX_LENGTH) invalid('idempotencyKey');
  const ref = grant.source.refId;
  if (ref.length === 0 || ref.length > BONUS_KEY_MAX_LENGTH) invalid('source.refId');
  if (!bonusSourceKinds.includes(grant.source.kind)) invalid('source.kind');
  for (const value of Object.values(grant.categoryWeightsPercent ?? {})) {
    if (value !== undefined && !isValidWeight(value)) invalid('categoryWeightsPercent');
  }
}

/** A replay is the same grant: same member, money, rule and source. */
function sameGrant(existing: Bonus, grant: BonusGrant): boolean {
  return (
    existing.memberId === BigInt(grant.memberId) &&
    existing.currency === grant.currency &&
    existing.amountMinor === grant.amountMinor &&
    existing.requirementMinor === grant.requirementMinor &&
    existing.maxBetMinor === grant.maxBetMinor &&
    existing.sourceKind === grant.source.kind &&
    existing.sourceRef === grant.source.refId
  );
}

/**
 * Grants a bonus in the caller's transaction: the bonus row, ONE ledger transfer from the
 * merchant's promotion expense to the member's bonus wallet, and `bonus.granted`, all committing
 * with the caller's own rows. The same idempotency key again answers the first bonus
 * (`replayed`) and moves nothing; with other fields it is IDEMPOTENCY_CONFLICT. A requirement of
 * 0 converts at once, in the same transaction.
 */
export async function grantWithin(
  deps: TransitionDeps,
  trx: Db,
  grant: BonusGrant,
  nowMs: number,
): Promise<BonusGrantResult> {
  checkGrant(grant, nowMs);
  const merchantWeights = await deps.repository.merchantWeights(trx, grant.merchantCode);
  const inserted = await deps.repository.insert(trx, {
    merchantCode: grant.merchantCode,
    memberId: BigInt(grant.memberId),
    currency: grant.currency,
    amountMinor: grant.amountMinor,
    requirementMinor: grant.requirementMinor,
    maxBetMinor: grant.maxBetMinor,
    categoryWeights: resolveWeights(merchantWeights, grant.categoryWeightsPercent),
    sourceKind: grant.source.kind,
    sourceRef: grant.source.refId,
    idempotencyKey: grant.idempotencyKey,
    expiresAt: new Date(grant.expiresAtMs),
  });
  if (!inserted) {
    const existing = await deps.repository.findByKey(trx, grant.merchantCode, grant.idempotencyKey);
    if (!existing || !sameGrant(existing, grant)) throw new AppError('IDEMPOTENCY_CONFLICT');
    return { bonusId: existing.id.toString(), replayed: true };
  }
  const accounts = await deps.accountsOf(
    inserted.merchantCode,
    inserted.memberId,
    inserted.currency,
  );
  await deps.ledger.transferWithin(trx, {
    id: bonusTransferId(inserted.id, 'grant'),
    debitAccountId: accounts.expenseAccountId,
    creditAccountId: accounts.bonusAccountId,
    amountMinor: inserted.amountMinor,
    code: BONUS_LEDGER_CODE,
    reference: `bonus:${inserted.id}:grant`,
  });
  await appendEvents(trx, [
    {
      type: 'bonus.granted',
      merchantCode: inserted.merchantCode,
      memberId: inserted.memberId,
      payload: {
        bonusId: inserted.id.toString(),
        memberId: inserted.memberId.toString(),
        currency: inserted.currency,
        amountMinor: inserted.amountMinor.toString(),
        requirementMinor: inserted.requirementMinor.toString(),
        sourceKind: inserted.sourceKind,
        sourceRef: inserted.sourceRef,
      },
    },
  ]);
  if (inserted.requirementMinor === 0n) {
    const locked = await deps.repository.lock(trx, inserted.id);
    if (locked) await closeBonusWithin(deps, trx, locked, 'converted');
  }
  return { bonusId: inserted.id.toString(), replayed: false };
}
