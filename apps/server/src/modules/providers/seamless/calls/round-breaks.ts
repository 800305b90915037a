import type { RoundBreak } from '../repository.js';
import type { WalletParts } from '../wallet-parts.js';

/** Accepted money moves the reconciliation checks against the ledger per query. */
const RECONCILE_PAGE_SIZE = 5_000;

/**
 * Rounds whose sums disagree with the accepted transactions behind them, and accepted money
 * moves without their ledger transfer (checked a page at a time against the ledger's table).
 */
export async function roundBreaks(parts: WalletParts): Promise<RoundBreak[]> {
  const breaks = await parts.repository.roundBreaks();
  let after: { vassalage: string; transactionId: string } | undefined;
  for (;;) {
    const moves = await parts.repository.acceptedMoves(after, RECONCILE_PAGE_SIZE);
    const amounts = await parts.ledger.transferAmounts(
      moves.flatMap((move) => (move.ledgerTransferId ? [move.ledgerTransferId] : [])),
    );
    for (const move of moves) {
      const moved = move.ledgerTransferId ? amounts.get(move.ledgerTransferId) : undefined;
      if (moved !== move.amountMinor) {
        breaks.push({
          vassalage: move.vassalage,
          roundRef: move.transactionId,
          detail: 'accepted money move without its ledger transfer',
        });
      }
    }
    const last = moves[moves.length - 1];
    if (!last || moves.length < RECONCILE_PAGE_SIZE) break;
    after = { vassalage: last.vassalage, transactionId: last.transactionId };
  }
  return breaks;
}
