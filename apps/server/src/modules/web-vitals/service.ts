import {
  WEB_VITALS_REPORT_GROUPS_MAX,
  WEB_VITALS_RETENTION_DAYS,
  type WebVitalsGroup,
  type WebVitalsReport,
} from '@app/contract';
import type { Db } from '../../db/database.js';
import { createWebVitalsRepository } from './repository.js';

const DAY_MS = 86_400_000;
/** Rows one delete removes: short statements, so the prune never holds locks for long. */
export const WEB_VITALS_PRUNE_BATCH_ROWS = 10_000;
/** Batches one housekeeping run deletes at most; the next run (10 minutes on) goes on. */
export const WEB_VITALS_PRUNE_BATCHES_PER_RUN = 50;

export interface WebVitalsService {
  /** Stores one page view's metrics for the merchant; answers how many samples were kept. */
  record(merchantCode: string, report: WebVitalsReport): Promise<{ stored: number }>;
  /** p75 per route, device and metric of the merchant over [fromMs, toMs). */
  p75(
    merchantCode: string,
    period: { fromMs: number; toMs: number },
  ): Promise<{ groups: WebVitalsGroup[]; truncated: boolean }>;
  /** Deletes samples older than the retention (the housekeeping job's `prunables`). */
  prune(): Promise<void>;
}

export function createWebVitalsService(db: Db, now: () => number = Date.now): WebVitalsService {
  const repository = createWebVitalsRepository(db);
  return {
    async record(merchantCode, report) {
      return { stored: await repository.insertReport(merchantCode, report) };
    },

    async p75(merchantCode, { fromMs, toMs }) {
      // One more than the limit tells whether groups were left out.
      const rows = await repository.p75Groups(
        { merchantCode, from: new Date(fromMs), to: new Date(toMs) },
        WEB_VITALS_REPORT_GROUPS_MAX + 1,
      );
      return {
        groups: rows.slice(0, WEB_VITALS_REPORT_GROUPS_MAX),
        truncated: rows.length > WEB_VITALS_REPORT_GROUPS_MAX,
      };
    },

    async prune() {
      const cutoff = new Date(now() - WEB_VITALS_RETENTION_DAYS * DAY_MS);
      for (let batch = 0; batch < WEB_VITALS_PRUNE_BATCHES_PER_RUN; batch += 1) {
        const deleted = await repository.deleteOlderThan(cutoff, WEB_VITALS_PRUNE_BATCH_ROWS);
        if (deleted < WEB_VITALS_PRUNE_BATCH_ROWS) return;
      }
    },
  };
}
