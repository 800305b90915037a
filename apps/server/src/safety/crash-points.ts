/**
 * Named places in the money paths where a crash test may kill the real server process.
 *
 * A crash test starts `main.ts` with `NODE_ENV=test` and `CRASH_AT=<name>`; when the code reaches
 * `crashPoint(<name>)` the process sends itself SIGKILL: no handler runs, no transaction commits,
 * nothing is flushed, exactly as if the machine had lost power at that line. In any other
 * environment the switch is refused at start (config.ts) and every call is a no-op.
 */
export const crashPointNames = [
  'withdrawal.request.before-commit',
  'withdrawal.request.after-commit',
  'withdrawal.approve.before-commit',
  'withdrawal.approve.after-commit',
  'withdrawal.payout.before-commit',
  'withdrawal.payout.after-commit',
  'admin.adjust-balance.before-commit',
  'admin.adjust-balance.after-commit',
  'events.apply.before-commit',
  'builtin.round.before-commit',
  'builtin.round.before-call',
  'builtin.round.after-commit',
  'builtin.step.before-commit',
  'seamless.bet.before-commit',
  'seamless.bet.after-commit',
  'seamless.win.before-commit',
  'seamless.win.after-commit',
  'seamless.rollback.before-commit',
  'seamless.rollback.after-commit',
  'lottery.slip.before-commit',
  'lottery.slip.after-commit',
  'lottery.settle-batch.before-commit',
  'lottery.settle-batch.after-commit',
  'agent-contracts.settle.before-commit',
  'agent-contracts.settle.after-commit',
  'lottery.settle-slips.before-commit',
  'lottery.settle-slips.after-commit',
] as const;

export type CrashPointName = (typeof crashPointNames)[number];

let armedPoint: CrashPointName | undefined;

/** Arms one point for this process (main.ts, test environment only). */
export function armCrashPoint(name: CrashPointName | undefined): void {
  armedPoint = name;
}

/** Kills this process at once when `name` is the armed point; otherwise does nothing. */
export function crashPoint(name: CrashPointName): void {
  if (armedPoint === name) process.kill(process.pid, 'SIGKILL');
}
