import { z } from 'zod';
import type { Db } from '../db/database.js';
import { pruneRateLimitBuckets } from '../db/rate-limit-store.js';
import type { LedgerService } from '../modules/ledger/index.js';
import type { SandboxGateway, WithdrawalService } from '../modules/payments/index.js';
import type { SandboxProvider } from '../modules/sandbox-provider/index.js';
import type { SessionService } from '../modules/session/index.js';
import type { SmsService } from '../modules/sms/index.js';
import type { VerificationService } from '../modules/verification/index.js';
import { defineJob } from './registry.js';
import type { JobLog } from './runner.js';

const noPayload = z.object({}).passthrough();

/** The recurring jobs of the platform. */
export function platformJobs(deps: {
  db: Db;
  ledger: LedgerService;
  sandboxGateway: SandboxGateway;
  verification: VerificationService;
  /** Optional so that callers wired before SMS codes existed keep working. */
  sms?: SmsService;
  /** Optional likewise: old outbox e-mails and dead reset links. */
  prunables?: ReadonlyArray<{ prune(): Promise<void> }>;
  /** Optional likewise: prunes remember-me tokens a day past their expiry. */
  sessions?: SessionService;
  /** Optional likewise: approved withdrawals left unanswered count as received. */
  withdrawals?: Pick<WithdrawalService, 'autoReceive'>;
  /** Optional likewise: transfers to game providers left without an answer are asked about. */
  gameTransfers?: { checkPending(): Promise<number> };
  /** Optional likewise: game rounds that disagree with the provider transactions behind them. */
  roundBreaks?: () => Promise<unknown[]>;
  /** Optional likewise: the sandbox game provider's owed wins and rollbacks, sent again. */
  sandboxProvider?: Pick<SandboxProvider, 'retryOwed' | 'prune'>;
  /** Optional likewise: built-in game rounds a crash or a closed tab left unfinished. */
  builtinGames?: { recover(): Promise<number>; prune(): Promise<void> };
  log: JobLog;
}) {
  return [
    defineJob({
      name: 'ledger-expire-pending',
      payload: noPayload,
      schedule: '* * * * *',
      handler: async () => {
        const expired = await deps.ledger.expirePending();
        if (expired > 0) deps.log.info({ expired }, 'expired pending transfers voided');
      },
    }),
    defineJob({
      name: 'ledger-reconcile',
      payload: noPayload,
      schedule: '*/10 * * * *',
      handler: async () => {
        const breaks = await deps.ledger.reconcile();
        if (breaks.length > 0) deps.log.error({ breaks }, 'LEDGER INVARIANT BROKEN');
        else deps.log.info({}, 'ledger reconciled: every invariant holds');
        const roundBreaks = (await deps.roundBreaks?.()) ?? [];
        if (roundBreaks.length > 0) deps.log.error({ roundBreaks }, 'GAME ROUND INVARIANT BROKEN');
        const breakCount = breaks.length + roundBreaks.length;
        await deps.ledger.recordReconciliation({
          ok: breakCount === 0,
          breakCount,
          ranAt: new Date(),
        });
      },
    }),
    defineJob({
      name: 'sandbox-gateway-redeliver',
      payload: noPayload,
      schedule: '* * * * *',
      handler: async () => {
        const delivered = await deps.sandboxGateway.redeliver();
        if (delivered > 0) deps.log.info({ delivered }, 'sandbox callbacks delivered again');
      },
    }),
    defineJob({
      name: 'sandbox-provider-retry-owed',
      payload: noPayload,
      schedule: '* * * * *',
      handler: async () => {
        const settled = (await deps.sandboxProvider?.retryOwed()) ?? 0;
        if (settled > 0) deps.log.info({ settled }, 'sandbox provider: owed calls answered');
      },
    }),
    defineJob({
      name: 'builtin-games-recover',
      payload: noPayload,
      schedule: '* * * * *',
      handler: async () => {
        const finished = (await deps.builtinGames?.recover()) ?? 0;
        if (finished > 0)
          deps.log.info({ finished }, 'built-in games: interrupted rounds finished');
      },
    }),
    defineJob({
      name: 'withdrawal-auto-receive',
      payload: noPayload,
      schedule: '* * * * *',
      handler: async () => {
        const received = (await deps.withdrawals?.autoReceive()) ?? 0;
        if (received > 0) deps.log.info({ received }, 'unanswered withdrawals marked received');
      },
    }),
    defineJob({
      name: 'game-transfer-status',
      payload: noPayload,
      schedule: '* * * * *',
      handler: async () => {
        const settled = (await deps.gameTransfers?.checkPending()) ?? 0;
        if (settled > 0) deps.log.info({ settled }, 'game provider transfers settled by status');
      },
    }),
    defineJob({
      name: 'housekeeping-prune',
      payload: noPayload,
      schedule: '*/10 * * * *',
      handler: async () => {
        await pruneRateLimitBuckets(deps.db);
        // Spent or expired captchas and login failures older than their window.
        await deps.verification.prune();
        // SMS codes and outbox messages older than two days.
        await deps.sms?.prune();
        // E-mail outbox messages, dead reset links, applied events, old operator login failures.
        for (const prunable of deps.prunables ?? []) await prunable.prune();
        await deps.sessions?.pruneRemembered();
        await deps.sandboxProvider?.prune();
        await deps.builtinGames?.prune();
      },
    }),
  ];
}
