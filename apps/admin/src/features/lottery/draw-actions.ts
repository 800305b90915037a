import type { LotteryDrawStatus, Permission } from '@app/contract';
import type { AdminLotteryDraw } from './api/lottery-draws';

export type DrawAction = 'enter' | 'confirm' | 'void';

/** States a draw can still be voided in: once settled (or void) the money has moved. */
const VOIDABLE_STATUSES: ReadonlySet<LotteryDrawStatus> = new Set([
  'scheduled',
  'open',
  'closed',
  'entered',
  'drawn',
]);

/**
 * The buttons a draw's row shows to an operator. Confirm shows to the one who entered the
 * result too: the server's four-eyes refusal (`LOTTERY_SAME_OPERATOR`) is the rule, and the page
 * shows it translated rather than hiding a button whose absence would not explain itself.
 */
export function drawActionsFor(
  draw: AdminLotteryDraw,
  can: (permission: Permission) => boolean,
): DrawAction[] {
  const actions: DrawAction[] = [];
  const real = draw.source === 'real';
  if (real && draw.status === 'closed' && can('lottery:results')) actions.push('enter');
  if (real && draw.status === 'entered' && can('lottery:results')) actions.push('confirm');
  if (VOIDABLE_STATUSES.has(draw.status) && can('lottery:void')) actions.push('void');
  return actions;
}
