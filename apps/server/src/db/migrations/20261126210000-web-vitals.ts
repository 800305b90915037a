import { type Kysely, sql } from 'kysely';

/**
 * Real-user Web Vitals (issue 24, module `web-vitals`): one row per metric of a page view.
 * The console reads p75 per route, device and metric over a period of one merchant, hence the
 * index; the retention job deletes by age, hence the second.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE web_vitals_samples (
      id bigserial PRIMARY KEY,
      merchant_code text NOT NULL,
      route text NOT NULL CHECK (char_length(route) <= 100),
      device text NOT NULL CHECK (device IN ('mobile', 'tablet', 'desktop')),
      connection text NOT NULL CHECK (connection IN ('slow-2g', '2g', '3g', '4g', 'unknown')),
      metric text NOT NULL CHECK (metric IN ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')),
      metric_value double precision NOT NULL CHECK (metric_value >= 0),
      recorded_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`
    CREATE INDEX web_vitals_samples_merchant_idx
      ON web_vitals_samples (merchant_code, recorded_at)
  `.execute(db);
  await sql`CREATE INDEX web_vitals_samples_recorded_at_idx ON web_vitals_samples (recorded_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE web_vitals_samples`.execute(db);
}
