import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { merchantConfigSchema } from './merchant.js';
import { createQrImages } from './resource-qr.js';
import { createSiteLinksRepository, type SiteLinks } from './site-links.repository.js';

export type { SiteLinks };

/**
 * The merchant's app links, customer-service entries and domains, for the console. Reads and
 * writes run in the caller's transaction (the console writes its audit entry in the same one);
 * the caller drops the merchant cache after commit (`SystemService.forgetMerchants`).
 */
export interface SiteLinksStore {
  /** The merchant's links, its row locked until the transaction ends; NOT_FOUND if none. */
  lockedWithin(executor: Db, merchantCode: string): Promise<SiteLinks>;
  /** Replaces them; CONTENT_DOMAIN_TAKEN when another merchant serves one of the domains. */
  saveWithin(executor: Db, merchantCode: string, links: SiteLinks): Promise<void>;
  /** The QR the site shows for a link (PNG data URL). */
  qrImageOf(url: string): Promise<string>;
}

export function createSiteLinksStore(): SiteLinksStore {
  const qrImages = createQrImages();
  return {
    async lockedWithin(executor, merchantCode) {
      const row = await createSiteLinksRepository(executor).lockedLinks(merchantCode);
      if (!row) throw new AppError('NOT_FOUND');
      const shape = merchantConfigSchema.pick({
        resources: true,
        customerService: true,
        domains: true,
      });
      return shape.parse({
        resources: row.resources,
        customerService: row.customer_service,
        domains: row.domains,
      });
    },

    async saveWithin(executor, merchantCode, links) {
      const repository = createSiteLinksRepository(executor);
      const taken = await repository.domainsOfOthers(merchantCode, links.domains);
      if (taken.length > 0) {
        throw new AppError('CONTENT_DOMAIN_TAKEN', { field: 'domains' });
      }
      await repository.save(merchantCode, links);
    },

    qrImageOf: (url) => qrImages.dataUrlOf(url),
  };
}
