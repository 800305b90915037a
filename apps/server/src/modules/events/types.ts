import { gameCategories } from '@app/contract';
import { z } from 'zod';

/** Amounts in minor units travel as decimal strings in JSON (bigint does not fit a number). */
const minor = z.string().regex(/^-?\d+$/);
const memberId = z.string().regex(/^\d+$/);
const isoTime = z.string().datetime({ offset: true });

function agentContractPayload() {
  return z.object({
    contractId: z.string(),
    kind: z.enum(['dividend', 'daily', 'hourly', 'realtime', 'commission']),
    memberId,
    uplineMemberId: memberId.nullable(),
  });
}

/** One schema per event type: what the payload holds. */
export const eventPayloadSchemas = {
  'round.settled': z.object({
    memberId,
    merchantCode: z.string(),
    vassalage: z.string(),
    gameCode: z.string().nullable(),
    gameCategory: z.enum(gameCategories),
    roundRef: z.string(),
    currency: z.string(),
    stakeMinor: minor,
    /** The stake that stood: stake less what was refunded. */
    validBetMinor: minor,
    winMinor: minor,
    settledAt: isoTime,
  }),
  'deposit.credited': z.object({
    depositId: z.string(),
    memberId,
    methodCode: z.string(),
    currency: z.string(),
    amountMinor: minor,
  }),
  'withdrawal.paid': z.object({
    withdrawalId: z.string(),
    memberId,
    currency: z.string(),
    amountMinor: minor,
  }),
  'member.registered': z.object({
    memberId,
    username: z.string(),
    uplineMemberId: memberId.nullable(),
    registerMethod: z.string(),
  }),
  'member.logged-in': z.object({ memberId }),
  /** A game's single money step: a seamless bet taken, a win paid (also before the round closes). */
  'game.bet-placed': z.object({
    memberId,
    vassalage: z.string(),
    roundRef: z.string(),
    transactionId: z.string(),
    currency: z.string(),
    amountMinor: minor,
  }),
  'game.win-paid': z.object({
    memberId,
    vassalage: z.string(),
    roundRef: z.string(),
    transactionId: z.string(),
    currency: z.string(),
    amountMinor: minor,
  }),
  /** A stake given back: a seamless rollback, a lottery bet cancelled or its draw voided. */
  'game.bet-refunded': z.object({
    memberId,
    vassalage: z.string(),
    roundRef: z.string(),
    /** The provider's rollback id, or the lottery's refund transfer id. */
    transactionId: z.string(),
    currency: z.string(),
    amountMinor: minor,
  }),
  /** A lottery slip taken: its stake left the member's cash with its bets. */
  'lottery.slip-placed': z.object({
    memberId,
    slipId: z.string(),
    gameCode: z.string(),
    drawNo: z.string(),
    bets: z.number().int().positive(),
    currency: z.string(),
    totalMinor: minor,
  }),
  /** An operator credited (amount above 0) or debited (below 0) a member's cash. */
  'balance.adjusted': z.object({
    memberId,
    transferId: z.string(),
    operatorId: memberId,
    currency: z.string(),
    amountMinor: minor,
  }),
  /**
   * Cash between the member's main wallet and one of the member's vendor wallets: a
   * transfer-mode provider's move (held, then posted or voided on the provider's answer) or a
   * ledger-only vendor wallet's move (posted at once).
   */
  'wallet.transfer-moved': z.object({
    memberId,
    /** The ledger transfer (the provider's hold, or the vendor wallet move): it names both wallets. */
    transferId: z.string(),
    /** 'in': main wallet to vendor wallet; 'out': back to the main wallet. */
    direction: z.enum(['in', 'out']),
    stage: z.enum(['held', 'posted', 'voided']),
    amountMinor: minor,
  }),
  /** Cash between two members (to the upline, or an agent to a direct downline). */
  'member-transfer.completed': z.object({
    transferId: z.string(),
    /** The sender: the event's member. */
    memberId,
    toMemberId: memberId,
    direction: z.enum(['upline', 'downline']),
    currency: z.string(),
    amountMinor: minor,
  }),
  /** An operator refused a withdrawal: its hold went back to the member's cash. */
  'withdrawal.rejected': z.object({
    withdrawalId: z.string(),
    memberId,
    currency: z.string(),
    amountMinor: minor,
    /** The operator's reason as the member may read it; null when none was given. */
    reason: z.string().nullable(),
  }),
  /** A bonus credited to the member's bonus wallet with its wagering requirement. */
  'bonus.granted': z.object({
    bonusId: z.string(),
    memberId,
    currency: z.string(),
    amountMinor: minor,
    requirementMinor: minor,
    sourceKind: z.enum(['promotion', 'mission', 'points', 'operator']),
    sourceRef: z.string(),
  }),
  /** A bonus's requirement met: its amount moved from the bonus wallet to cash. */
  'bonus.converted': z.object({
    bonusId: z.string(),
    memberId,
    currency: z.string(),
    amountMinor: minor,
  }),
  /** A bonus removed from the bonus wallet: expired, or forfeited by the member. */
  'bonus.closed': z.object({
    bonusId: z.string(),
    memberId,
    currency: z.string(),
    amountMinor: minor,
    reason: z.enum(['expired', 'forfeited']),
  }),
  /**
   * Agent contracts (module `agent-contracts`): an upline offered a contract to a downline agent
   * (the event's member: the one to tell), the downline accepted it, or it ended (the event's
   * member is the party who did not end it). `uplineMemberId` null: the house.
   */
  'agent-contract.offered': agentContractPayload(),
  'agent-contract.accepted': agentContractPayload(),
  'agent-contract.terminated': agentContractPayload(),
} as const;

export type EventType = keyof typeof eventPayloadSchemas;
export const eventTypes = Object.keys(eventPayloadSchemas) as EventType[];
export type EventPayload<T extends EventType> = z.infer<(typeof eventPayloadSchemas)[T]>;

/** An event to append: its type, whose it is, and its payload (checked against its schema). */
export type NewEvent = {
  [T in EventType]: {
    type: T;
    merchantCode: string;
    memberId: bigint | null;
    payload: EventPayload<T>;
  };
}[EventType];

/** An event as a consumer reads it. */
export type StoredEvent = NewEvent & { id: bigint; occurredAt: Date };

/** Parses a stored row's payload by its type; an unknown type is a programming error. */
export function parsePayload(type: string, payload: unknown) {
  const schema = eventPayloadSchemas[type as EventType];
  if (!schema) throw new Error(`unknown event type ${type}`);
  return schema.parse(payload);
}
