import { randomUUID } from 'node:crypto';
import { amountToMinor, type MemberTransfer, minorToAmount, type RouteValue } from '@app/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { appendEvents } from '../events/index.js';
import type { LedgerService } from '../ledger/index.js';
import {
  AGENT_MEMBER_TYPES,
  type MemberDirectory,
  type MemberParty,
  type PaymentPasswordService,
  TRIAL_MEMBER_TYPE,
} from '../member/index.js';
import type { Merchant } from '../system/index.js';
import { createTransferRepository, type MemberTransferRecord } from './repository.js';

export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;
/** Characters of an account name shown at each end when it is masked. */
const MASK_VISIBLE_CHARS = 2;

/** `agent01` -> `ag***01`: enough for the member to recognise their upline, not to learn it. */
export function maskAccount(account: string): string {
  const chars = [...account];
  if (chars.length <= MASK_VISIBLE_CHARS * 2) return `${chars[0] ?? ''}***`;
  return `${chars.slice(0, MASK_VISIBLE_CHARS).join('')}***${chars.slice(-MASK_VISIBLE_CHARS).join('')}`;
}

/** The ledger transfer that carries a member transfer's money. */
export function ledgerTransferIdOf(transferId: string): string {
  return `member-transfer:${transferId}`;
}

/** One member-to-member transfer as the member asks for it. */
export interface MemberTransferInput {
  merchant: Merchant;
  memberId: bigint;
  direction: 'upline' | 'downline';
  downlineAccount?: string;
  amount: number;
  paymentPassword: string;
  idempotencyKey: string | undefined;
}

/** Cash between a member and their upline, or an agent and a direct downline. */
export interface TransferService {
  /** The member's upline (masked) and the merchant's transfer limits. */
  uplineInfo(merchant: Merchant, memberId: bigint): Promise<RouteValue<'transferUplineInfo'>>;
  /** Moves cash to the upline or a direct downline; a retry with the same key answers the same transfer. */
  transfer(input: MemberTransferInput): Promise<MemberTransfer>;
}

/**
 * Cash between members: to the member's upline, or from an agent to one of its direct
 * downlines. One ledger transfer (code 'transfer') from the sender's cash to the recipient's;
 * its reference names both accounts, so both sides' statements show the counterpart. The row in
 * `member_transfers` comes first (with the daily cap) and is completed after the ledger
 * transfer; a retry with the same key finishes a transfer that a crash cut short, once.
 */
export function createTransferService(
  db: Db,
  deps: {
    ledger: LedgerService;
    directory: MemberDirectory;
    paymentPasswords: PaymentPasswordService;
  },
): TransferService {
  const repository = createTransferRepository(db);
  const { ledger, directory, paymentPasswords } = deps;

  async function partyOf(id: bigint): Promise<MemberParty> {
    const party = await directory.byId(id);
    if (!party) throw new Error(`member ${id} vanished`);
    return party;
  }

  async function view(record: MemberTransferRecord): Promise<MemberTransfer> {
    const counterpart = await partyOf(record.toMemberId);
    return {
      transferId: record.id,
      direction: record.direction,
      counterpartAccount:
        record.direction === 'upline' ? maskAccount(counterpart.username) : counterpart.username,
      amount: minorToAmount(record.amountMinor),
      currency: record.currency,
      createdAt: record.createdAt.toISOString(),
    };
  }

  /**
   * Moves the money of a recorded transfer, once: the status change (which locks the row), the
   * ledger transfer and the event commit in one transaction. A retry finds the row completed
   * and moves nothing; a refusal (funds) rolls all of it back and forgets the row.
   */
  async function finish(record: MemberTransferRecord): Promise<void> {
    const [from, to] = await Promise.all([
      partyOf(record.fromMemberId),
      partyOf(record.toMemberId),
    ]);
    const [fromWallet, toWallet] = await Promise.all(
      [from, to].map((party) =>
        ledger.memberAccount({
          merchantCode: record.merchantCode,
          memberId: party.id,
          asset: 'cash',
          currency: record.currency,
        }),
      ),
    );
    try {
      await repository.transaction(async (executor) => {
        if (!(await repository.completeWithin(executor, record.id))) return;
        await ledger.transferWithin(executor, {
          id: ledgerTransferIdOf(record.id),
          debitAccountId: fromWallet as bigint,
          creditAccountId: toWallet as bigint,
          amountMinor: record.amountMinor,
          code: 'transfer',
          reference: `from:${from.username};to:${to.username}`,
        });
        await appendEvents(executor, [
          {
            type: 'member-transfer.completed',
            merchantCode: record.merchantCode,
            memberId: record.fromMemberId,
            payload: {
              transferId: record.id,
              memberId: record.fromMemberId.toString(),
              toMemberId: record.toMemberId.toString(),
              direction: record.direction,
              currency: record.currency,
              amountMinor: record.amountMinor.toString(),
            },
          },
        ]);
      });
    } catch (error) {
      if (error instanceof AppError && error.errorCode === 'INSUFFICIENT_FUNDS') {
        await repository.discard(record.id);
      }
      throw error;
    }
  }

  /** Unknown, not a direct downline, disabled or trial: one answer for all (no enumeration). */
  async function recipientOf(
    sender: MemberParty,
    direction: 'upline' | 'downline',
    downlineAccount: string | undefined,
  ): Promise<MemberParty> {
    const recipient =
      direction === 'upline'
        ? sender.uplineMemberId === null
          ? undefined
          : await directory.byId(sender.uplineMemberId)
        : AGENT_MEMBER_TYPES.includes(sender.type)
          ? await directory.byAccount(sender.merchantCode, downlineAccount ?? '')
          : undefined;
    if (
      !recipient ||
      recipient.id === sender.id ||
      recipient.merchantCode !== sender.merchantCode ||
      recipient.status !== 'active' ||
      recipient.type === TRIAL_MEMBER_TYPE ||
      (direction === 'downline' && recipient.uplineMemberId !== sender.id)
    ) {
      throw new AppError('TRANSFER_RECIPIENT_INVALID');
    }
    return recipient;
  }

  async function settingsOf(merchant: Merchant) {
    const settings = await repository.settings(merchant.code);
    if (!settings) throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
    return settings;
  }

  return {
    async uplineInfo(merchant, memberId) {
      const [member, settings] = await Promise.all([partyOf(memberId), settingsOf(merchant)]);
      const upline =
        member.uplineMemberId === null ? undefined : await directory.byId(member.uplineMemberId);
      return {
        uplineAccountMasked:
          upline && upline.status === 'active' ? maskAccount(upline.username) : null,
        currency: merchant.currency,
        minAmount: minorToAmount(settings.minAmountMinor),
        maxAmount: minorToAmount(settings.maxAmountMinor),
        dailyMaxAmount: minorToAmount(settings.dailyMaxMinor),
      };
    },

    async transfer(input) {
      const { merchant, memberId, idempotencyKey, direction } = input;
      if (idempotencyKey !== undefined && idempotencyKey.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
        throw new AppError('VALIDATION_FAILED', { field: 'Idempotency-Key' });
      }
      const amountMinor = amountToMinor(input.amount);
      const sender = await partyOf(memberId);
      if (sender.type === TRIAL_MEMBER_TYPE) throw new AppError('TRIAL_ACCOUNT');

      const replay = async (): Promise<MemberTransfer | undefined> => {
        const existing = idempotencyKey
          ? await repository.findByKey(memberId, idempotencyKey)
          : undefined;
        if (!existing) return undefined;
        const sameRecipient =
          direction === 'upline' ||
          (await partyOf(existing.toMemberId)).username.toLowerCase() ===
            (input.downlineAccount ?? '').trim().toLowerCase();
        if (
          existing.direction !== direction ||
          existing.amountMinor !== amountMinor ||
          !sameRecipient
        ) {
          throw new AppError('IDEMPOTENCY_KEY_MISMATCH');
        }
        if (existing.status === 'pending') await finish(existing);
        return view({ ...existing, status: 'completed' });
      };
      const replayed = await replay();
      if (replayed) return replayed;

      await paymentPasswords.verify(memberId, input.paymentPassword);
      const recipient = await recipientOf(sender, direction, input.downlineAccount);
      const settings = await settingsOf(merchant);
      if (amountMinor < settings.minAmountMinor || amountMinor > settings.maxAmountMinor) {
        throw new AppError('AMOUNT_OUT_OF_RANGE', {
          field: 'amount',
          minAmount: minorToAmount(settings.minAmountMinor),
          maxAmount: minorToAmount(settings.maxAmountMinor),
        });
      }
      const record = {
        id: randomUUID(),
        merchantCode: merchant.code,
        fromMemberId: memberId,
        toMemberId: recipient.id,
        direction,
        amountMinor,
        currency: merchant.currency,
        idempotencyKey: idempotencyKey ?? null,
      };
      const outcome = await repository.insertWithinDailyCap(record, settings.dailyMaxMinor);
      if (outcome === 'daily-limit') {
        throw new AppError('TRANSFER_DAILY_LIMIT', {
          field: 'amount',
          maxAmount: minorToAmount(settings.dailyMaxMinor),
        });
      }
      if (outcome === 'exists') {
        // A concurrent request with the same key recorded it first: answer that one.
        const concurrent = await replay();
        if (!concurrent) throw new Error('member transfer vanished');
        return concurrent;
      }
      await finish({ ...record, status: 'pending', createdAt: new Date() });
      const stored = await repository.find(record.id);
      if (!stored) throw new Error(`member transfer ${record.id} vanished`);
      return view(stored);
    },
  };
}
