import type { WebVitalsGroup, WebVitalsReport } from '@app/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { countAll } from '../../db/sql-numbers.js';

export interface WebVitalsPeriod {
  merchantCode: string;
  from: Date;
  to: Date;
}

/** Real-user Web Vitals samples (table `web_vitals_samples`). */
export function createWebVitalsRepository(db: Db) {
  return {
    /** One row per metric of the report; the answer is how many were stored. */
    async insertReport(merchantCode: string, report: WebVitalsReport): Promise<number> {
      const rows = report.metrics.map((metric) => ({
        merchant_code: merchantCode,
        route: report.route,
        device: report.device,
        connection: report.connection,
        metric: metric.name,
        metric_value: metric.value,
      }));
      await db.insertInto('web_vitals_samples').values(rows).execute();
      return rows.length;
    },

    /**
     * p75 per route, device and metric over the period, the most sampled groups first; at most
     * `limit` groups.
     */
    async p75Groups(period: WebVitalsPeriod, limit: number): Promise<WebVitalsGroup[]> {
      return db
        .selectFrom('web_vitals_samples')
        .select([
          'route',
          'device',
          'metric',
          sql<number>`percentile_cont(0.75) WITHIN GROUP (ORDER BY metric_value)`.as('p75'),
          countAll().as('samples'),
        ])
        .where('merchant_code', '=', period.merchantCode)
        .where('recorded_at', '>=', period.from)
        .where('recorded_at', '<', period.to)
        .groupBy(['route', 'device', 'metric'])
        .orderBy('samples', 'desc')
        .orderBy('route')
        .orderBy('device')
        .orderBy('metric')
        .limit(limit)
        .execute();
    },

    /** Deletes up to `batchSize` samples recorded before `cutoff`; answers how many. */
    async deleteOlderThan(cutoff: Date, batchSize: number): Promise<number> {
      const result = await db
        .deleteFrom('web_vitals_samples')
        .where(
          'id',
          'in',
          db
            .selectFrom('web_vitals_samples')
            .select('id')
            .where('recorded_at', '<', cutoff)
            .limit(batchSize),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type WebVitalsRepository = ReturnType<typeof createWebVitalsRepository>;
