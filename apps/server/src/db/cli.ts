import { loadConfig } from '../config.js';
import { migrateToLatest } from './migrator.js';
import { openDatabase } from './open.js';
import { seedDemoMerchant } from './seed.js';

/** The flag that lets `db:seed` load the demo merchant into a production database anyway. */
export const ALLOW_PRODUCTION_FLAG = '--allow-production';

/**
 * `npm run db:migrate` and `npm run db:seed`: the same steps the server runs at start. The demo
 * merchant (open registration, a demo agent, sandbox payments) does not belong on a live site,
 * so with NODE_ENV=production `seed` refuses before it opens the database, unless told
 * explicitly with `--allow-production`.
 */
async function main(command: string | undefined, flags: string[]): Promise<void> {
  if (command !== 'migrate' && command !== 'seed') {
    throw new Error(`usage: cli.ts migrate|seed [${ALLOW_PRODUCTION_FLAG}]`);
  }
  const config = loadConfig();
  if (
    command === 'seed' &&
    config.NODE_ENV === 'production' &&
    !flags.includes(ALLOW_PRODUCTION_FLAG)
  ) {
    throw new Error(
      `db:seed refused: NODE_ENV=production, and the demo merchant does not belong on a live site. If you really mean it: npm run db:seed -- ${ALLOW_PRODUCTION_FLAG}`,
    );
  }
  const database = await openDatabase(config, () => {});
  try {
    const applied = await migrateToLatest(database.db);
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'schema is up to date');
    if (command === 'seed') {
      const created = await seedDemoMerchant(database.db);
      console.log(created ? 'demo merchant created' : 'demo merchant already present');
    }
  } finally {
    await database.close();
  }
}

main(process.argv[2], process.argv.slice(3)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
