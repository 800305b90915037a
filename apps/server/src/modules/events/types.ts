import { gameCategories } from '@app/contract';
import { z } from 'zod';

/** Amounts in minor units travel as decimal strings in JSON (bigint does not fit a number). */
const minor = z.string().regex(/^-?\d+$/);
const memberId = z.string().regex(/^\d+$/);
const isoTime = z.string().datetime({ offset: true });

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
