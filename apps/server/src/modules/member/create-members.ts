import type { Db } from '../../db/database.js';
import type { EmailService } from '../email/index.js';
import { createAffiliateRepository } from './affiliate/repository.js';
import { createAffiliateService } from './affiliate/service.js';
import { createMemberConsoleRepository } from './console/repository.js';
import { createMemberConsole } from './console/service.js';
import { createMemberDirectoryRepository } from './directory/repository.js';
import { createMemberDirectory } from './directory/service.js';
import { createDownlineReader } from './downline/service.js';
import { createDownlineTree } from './downline/tree.js';
import { createExternalMemberService } from './external-member.js';
import { createMemberInfoCache } from './member-info-cache.js';
import { createPasswordResetRepository } from './password-reset/repository.js';
import { createPasswordResetService } from './password-reset/service.js';
import { createPaymentPasswordRepository } from './payment-password/repository.js';
import { createPaymentPasswordService } from './payment-password/service.js';
import { createMemberRepository } from './repository.js';
import { createMemberSecurityRepository } from './security/repository.js';
import { createMemberSecurityService } from './security/service.js';
import { createMemberService } from './service.js';
import type { MemberServices } from './service-interface.js';

/**
 * Builds the member module's repositories and services on `db`; other modules and the
 * composition root get the services only.
 */
export function createMemberServices(
  db: Db,
  deps: {
    email: EmailService;
    /** Where a failed password-reset e-mail is reported (the caller's answer does not change). */
    logError: (details: object, message: string) => void;
    /** The member info's club rank label (module vip, wired by services.ts). */
    clubLabelOf?: Parameters<typeof createMemberService>[1]['clubLabelOf'];
    /** How long member info is answered from memory; 0 or absent keeps nothing (tests). */
    infoCacheTtlMs?: number;
  },
): MemberServices {
  const repository = createMemberRepository(db);
  const infoCache = createMemberInfoCache(deps.infoCacheTtlMs ?? 0);
  const paymentPasswords = createPaymentPasswordService(createPaymentPasswordRepository(db));
  return {
    members: createMemberService(repository, {
      affiliates: createAffiliateService(createAffiliateRepository(db)),
      paymentPasswords,
      clubLabelOf: deps.clubLabelOf,
      infoCache,
    }),
    infoCache,
    directory: createMemberDirectory(createMemberDirectoryRepository(db)),
    externalMembers: createExternalMemberService(repository),
    paymentPasswords,
    passwordResets: createPasswordResetService({
      repository: createPasswordResetRepository(db),
      email: deps.email,
      logError: deps.logError,
    }),
    downline: createDownlineReader(db),
    console: createMemberConsole(createMemberConsoleRepository(db)),
    security: createMemberSecurityService(createMemberSecurityRepository(db)),
    tree: createDownlineTree(db),
  };
}
