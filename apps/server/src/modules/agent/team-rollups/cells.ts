import type { EventPayload, StoredEvent } from '../../events/index.js';

type RoundSettled = EventPayload<'round.settled'>;

/** Team play of one upline, UTC start hour, category and currency. */
export interface TeamPlayCell {
  ancestorId: bigint;
  merchantCode: string;
  day: string;
  hour: number;
  gameCategory: string;
  currency: string;
  rounds: bigint;
  stakeMinor: bigint;
  validBetMinor: bigint;
  winMinor: bigint;
}

/** Deposits and withdrawals of one party (an upline, or the member itself), day and currency. */
export interface MoneyCell {
  partyId: bigint;
  day: string;
  currency: string;
  depositMinor: bigint;
  depositCount: number;
  withdrawalMinor: bigint;
  withdrawalCount: number;
}

export interface ActiveCell {
  ancestorId: bigint;
  day: string;
  memberId: bigint;
}

export interface TransactionRow {
  ancestorId: bigint;
  eventId: bigint;
  memberId: bigint;
  kind: 'deposit' | 'withdrawal' | 'transfer';
  amountMinor: bigint;
  currency: string;
  occurredAt: Date;
}

export interface TeamCells {
  play: TeamPlayCell[];
  teamMoney: MoneyCell[];
  memberMoney: MoneyCell[];
  active: ActiveCell[];
  transactions: TransactionRow[];
}

function utcDayOf(time: Date): string {
  return time.toISOString().slice(0, 10);
}

/** Adds to the cell of `key`, made by `fresh` the first time. */
function cellOf<T>(cells: Map<string, T>, key: string, fresh: () => T): T {
  let cell = cells.get(key);
  if (!cell) {
    cell = fresh();
    cells.set(key, cell);
  }
  return cell;
}

function addMoney(
  cells: Map<string, MoneyCell>,
  partyId: bigint,
  day: string,
  currency: string,
  kind: 'deposit' | 'withdrawal',
  amountMinor: bigint,
): void {
  const cell = cellOf(cells, `${partyId}|${day}|${currency}`, () => ({
    partyId,
    day,
    currency,
    depositMinor: 0n,
    depositCount: 0,
    withdrawalMinor: 0n,
    withdrawalCount: 0,
  }));
  if (kind === 'deposit') {
    cell.depositMinor += amountMinor;
    cell.depositCount += 1;
  } else {
    cell.withdrawalMinor += amountMinor;
    cell.withdrawalCount += 1;
  }
}

/**
 * A batch's events summed into the rows of the team rollups: one cell per key, so each table
 * takes one upsert per batch. `chains` are each member's uplines (nearest first); `startedAtOf`
 * the start of a settled round (rounds count in the hour they started, as the records do).
 */
export function teamCellsOf(
  events: readonly StoredEvent[],
  chains: ReadonlyMap<bigint, readonly bigint[]>,
  startedAtOf: (round: RoundSettled) => Date,
): TeamCells {
  const play = new Map<string, TeamPlayCell>();
  const teamMoney = new Map<string, MoneyCell>();
  const memberMoney = new Map<string, MoneyCell>();
  const active = new Map<string, ActiveCell>();
  const transactions: TransactionRow[] = [];
  for (const event of events) {
    const memberId = event.memberId;
    if (memberId === null) continue;
    const uplines = chains.get(memberId) ?? [];
    if (event.type === 'round.settled') {
      const round = event.payload as RoundSettled;
      const started = startedAtOf(round);
      const day = utcDayOf(started);
      const hour = started.getUTCHours();
      for (const ancestorId of uplines) {
        const cell = cellOf(
          play,
          `${ancestorId}|${day}|${hour}|${round.gameCategory}|${round.currency}`,
          () => ({
            ancestorId,
            merchantCode: round.merchantCode,
            day,
            hour,
            gameCategory: round.gameCategory,
            currency: round.currency,
            rounds: 0n,
            stakeMinor: 0n,
            validBetMinor: 0n,
            winMinor: 0n,
          }),
        );
        cell.rounds += 1n;
        cell.stakeMinor += BigInt(round.stakeMinor);
        cell.validBetMinor += BigInt(round.validBetMinor);
        cell.winMinor += BigInt(round.winMinor);
        active.set(`${ancestorId}|${day}|${memberId}`, { ancestorId, day, memberId });
      }
      continue;
    }
    const move = moneyMoveOf(event);
    if (!move) continue;
    const day = utcDayOf(event.occurredAt);
    if (move.kind !== 'transfer') {
      addMoney(memberMoney, memberId, day, move.currency, move.kind, move.amountMinor);
      for (const ancestorId of uplines)
        addMoney(teamMoney, ancestorId, day, move.currency, move.kind, move.amountMinor);
    }
    const sides: Array<{ memberId: bigint; amountMinor: bigint }> =
      move.kind === 'deposit'
        ? [{ memberId, amountMinor: move.amountMinor }]
        : [{ memberId, amountMinor: -move.amountMinor }];
    if (move.recipientId !== null)
      sides.push({ memberId: move.recipientId, amountMinor: move.amountMinor });
    for (const side of sides)
      for (const ancestorId of chains.get(side.memberId) ?? [])
        transactions.push({
          ancestorId,
          eventId: event.id,
          memberId: side.memberId,
          kind: move.kind,
          amountMinor: side.amountMinor,
          currency: move.currency,
          occurredAt: event.occurredAt,
        });
  }
  return {
    play: [...play.values()],
    teamMoney: [...teamMoney.values()],
    memberMoney: [...memberMoney.values()],
    active: [...active.values()],
    transactions,
  };
}

/** The members whose uplines a batch needs: each event's member, and a transfer's recipient. */
export function membersOf(events: readonly StoredEvent[]): bigint[] {
  const ids = new Set<bigint>();
  for (const event of events) {
    if (event.memberId !== null) ids.add(event.memberId);
    if (event.type === 'member-transfer.completed')
      ids.add(BigInt((event.payload as EventPayload<'member-transfer.completed'>).toMemberId));
  }
  return [...ids];
}

/** What a money event moved: out of the member's wallet, except a deposit; a transfer's recipient. */
function moneyMoveOf(event: StoredEvent) {
  if (event.type === 'deposit.credited') {
    const payload = event.payload as EventPayload<'deposit.credited'>;
    return {
      kind: 'deposit' as const,
      currency: payload.currency,
      amountMinor: BigInt(payload.amountMinor),
      recipientId: null,
    };
  }
  if (event.type === 'withdrawal.paid') {
    const payload = event.payload as EventPayload<'withdrawal.paid'>;
    return {
      kind: 'withdrawal' as const,
      currency: payload.currency,
      amountMinor: BigInt(payload.amountMinor),
      recipientId: null,
    };
  }
  if (event.type === 'member-transfer.completed') {
    const payload = event.payload as EventPayload<'member-transfer.completed'>;
    return {
      kind: 'transfer' as const,
      currency: payload.currency,
      amountMinor: BigInt(payload.amountMinor),
      recipientId: BigInt(payload.toMemberId),
    };
  }
  return null;
}
