import { loadConfig } from '../config.js';
import { migrateToLatest } from './migrator.js';
import { openDatabase } from './open.js';
import { seedDemoMerchant } from './seed.js';

/** `npm run db:migrate` and `npm run db:seed`: the same steps the server runs at start. */
async function main(command: string | undefined): Promise<void> {
  if (command !== 'migrate' && command !== 'seed') {
    throw new Error('usage: cli.ts migrate|seed');
  }
  const config = loadConfig();
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

main(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
