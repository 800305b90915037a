import { AppError } from '../../../http/app-error.js';
import type { AffiliateService } from '../service-interface.js';
import type { AffiliateCode, AffiliateRepository } from './repository.js';

/**
 * Affiliate (invitation) codes: an agent's code brings new members under that agent. Every
 * refusal is the one AFFILIATE_CODE_INVALID, whether the code never existed, was switched off
 * or belongs to an agent who can no longer recruit: a guesser learns nothing more.
 */
export function createAffiliateService(repository: AffiliateRepository): AffiliateService {
  return {
    async usable(merchantCode: string, rawCode: string): Promise<AffiliateCode> {
      const code = rawCode.trim();
      const found = code === '' ? undefined : await repository.findUsable(merchantCode, code);
      if (!found) throw new AppError('AFFILIATE_CODE_INVALID', { field: 'affiliateCode' });
      return found;
    },
  };
}

export type { AffiliateService } from '../service-interface.js';
