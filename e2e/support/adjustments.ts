import pg from 'pg';
import { databaseUrlOf, type RunningServer } from './server.js';

/** A limit no journey's funding reaches. */
const ONE_STEP_ADJUSTMENT_LIMIT_MINOR = '1000000000000000';

/**
 * Lets this server's demo merchant adjust balances in one step, for journeys that fund a
 * player through the admin API: above the merchant's limit an adjustment waits for a second
 * operator, and the two-person rule has its own journey (`console-members`).
 */
export async function allowOneStepAdjustments(server: RunningServer): Promise<void> {
  const client = new pg.Client({ connectionString: await databaseUrlOf(server) });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO adjustment_settings (merchant_code, second_approval_above_minor)
       VALUES ('DEMO', $1)
       ON CONFLICT (merchant_code) DO UPDATE SET second_approval_above_minor = EXCLUDED.second_approval_above_minor`,
      [ONE_STEP_ADJUSTMENT_LIMIT_MINOR],
    );
  } finally {
    await client.end();
  }
}
