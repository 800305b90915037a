import type { LedgerRepository } from './repository.js';

/** Reads of the ledger; transfers (the only writes) come with the wallet. */
export function createLedgerService(repository: LedgerRepository) {
  return {
    memberCashBalanceMinor(memberId: bigint): Promise<bigint> {
      return repository.memberBalanceMinor(memberId, 'cash');
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
