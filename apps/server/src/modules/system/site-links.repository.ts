import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Merchant } from './merchant.js';

/** What the console's Content pages edit of a merchant's row: app links, customer service, domains. */
export type SiteLinks = Pick<Merchant, 'resources' | 'customerService' | 'domains'>;

/** The merchant row's link columns, read and written in the caller's transaction. */
export function createSiteLinksRepository(db: Db) {
  return {
    /** The merchant's links, its row locked until the caller's transaction ends. */
    async lockedLinks(merchantCode: string) {
      return db
        .selectFrom('merchants')
        .select(['resources', 'customer_service', 'domains'])
        .where('code', '=', merchantCode)
        .forUpdate()
        .executeTakeFirst();
    },

    /**
     * Which of `domains` another merchant already serves. A transaction-wide lock first, so two
     * merchants cannot both claim the same new domain at the same time.
     */
    async domainsOfOthers(merchantCode: string, domains: readonly string[]): Promise<string[]> {
      if (domains.length === 0) return [];
      await sql`SELECT pg_advisory_xact_lock(hashtext('merchant-domains'))`.execute(db);
      const rows = await db
        .selectFrom('merchants')
        .select('domains')
        .where('code', '<>', merchantCode)
        .where((eb) => eb('domains', '&&', eb.val(domains as string[])))
        .execute();
      const wanted = new Set(domains);
      return rows.flatMap((row) => row.domains.filter((domain) => wanted.has(domain)));
    },

    async save(merchantCode: string, links: SiteLinks): Promise<void> {
      await db
        .updateTable('merchants')
        .set({
          resources: JSON.stringify(links.resources),
          customer_service: JSON.stringify(links.customerService),
          domains: [...links.domains],
        })
        .where('code', '=', merchantCode)
        .execute();
    },
  };
}
