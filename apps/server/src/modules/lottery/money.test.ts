import { describe, expect, it } from 'vitest';
import type { LedgerService } from '../ledger/index.js';
import { createLotteryAccounts } from './money.js';

/** A ledger whose account lookups take a moment and count how many run at once. */
function slowLedger() {
  let inFlight = 0;
  let mostAtOnce = 0;
  let calls = 0;
  const lookup = async (id: bigint) => {
    inFlight += 1;
    calls += 1;
    mostAtOnce = Math.max(mostAtOnce, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 5));
    inFlight -= 1;
    return id;
  };
  const ledger = {
    memberAccount: () => lookup(1n),
    systemAccount: () => lookup(2n),
  } as unknown as LedgerService;
  return { ledger, mostAtOnce: () => mostAtOnce, calls: () => calls };
}

describe('lottery accounts', () => {
  it('looks up a member pair one query at a time, so a slip never waits for two pooled connections', async () => {
    const { ledger, mostAtOnce, calls } = slowLedger();
    const accounts = createLotteryAccounts(ledger);
    const input = { merchantCode: 'M', memberId: 7n, currency: 'VND', vassalage: 'house' };

    expect(await accounts.of(input)).toEqual({ memberAccountId: 1n, houseAccountId: 2n });
    expect(mostAtOnce()).toBe(1);

    // Remembered: the next slip of the member asks the ledger nothing.
    await accounts.of(input);
    expect(calls()).toBe(2);
  });
});
