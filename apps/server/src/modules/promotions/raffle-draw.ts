import { fairRandomSource } from '@app/game-math';

/** One member's tickets, numbered in the order of `holders` (ticket numbers start at 1). */
export interface TicketHolder {
  memberId: bigint;
  tickets: number;
}

export interface RaffleWinner {
  rank: number;
  memberId: bigint;
  ticketNo: number;
  prizeMinor: bigint;
}

/** A draw never takes more floats than this, even when most tickets belong to past winners. */
export const RAFFLE_DRAW_MAX_FLOATS = 8 * 1024;

/** The message the seed's HMAC stream is keyed by: public, so anyone can recompute. */
export function raffleDrawKey(promotionId: bigint): string {
  return `raffle:${promotionId}`;
}

/**
 * The winners of a raffle, recomputable by anyone from the revealed seed: holders are ordered
 * by member id and their tickets numbered consecutively; each float of the provably fair
 * stream (`fairRandomSource({serverSeed, clientSeed: drawKey, nonce: 0})`, the house lottery's
 * commit-reveal) picks ticket `floor(float * total) + 1`; a member wins at most once, so a
 * ticket of a member who already won is skipped and the next float is taken.
 */
export function drawRaffle(
  seed: string,
  promotionId: bigint,
  holders: readonly TicketHolder[],
  prizesMinor: readonly bigint[],
): RaffleWinner[] {
  const ordered = [...holders]
    .filter((holder) => holder.tickets > 0)
    .sort((a, b) => (a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0));
  const total = ordered.reduce((sum, holder) => sum + holder.tickets, 0);
  if (total === 0) return [];
  const source = fairRandomSource({
    serverSeed: seed,
    clientSeed: raffleDrawKey(promotionId),
    nonce: 0,
  });
  const winners: RaffleWinner[] = [];
  const won = new Set<bigint>();
  const places = Math.min(prizesMinor.length, ordered.length);
  for (let floats = 0; winners.length < places && floats < RAFFLE_DRAW_MAX_FLOATS; floats += 1) {
    const ticketNo = Math.floor(source.next() * total) + 1;
    const holder = holderOf(ordered, ticketNo);
    if (won.has(holder.memberId)) continue;
    won.add(holder.memberId);
    winners.push({
      rank: winners.length + 1,
      memberId: holder.memberId,
      ticketNo,
      prizeMinor: prizesMinor[winners.length] as bigint,
    });
  }
  return winners;
}

function holderOf(ordered: readonly TicketHolder[], ticketNo: number): TicketHolder {
  let last = 0;
  for (const holder of ordered) {
    last += holder.tickets;
    if (ticketNo <= last) return holder;
  }
  return ordered[ordered.length - 1] as TicketHolder;
}
