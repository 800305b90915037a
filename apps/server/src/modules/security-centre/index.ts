import type { Db } from '../../db/database.js';
import { createSecurityCentreRepository } from './repository.js';
import {
  createSecurityCentreService,
  type SecurityCentreDeps,
  type SecurityCentreService,
} from './service.js';

export {
  type CustomerServiceType,
  createCustomerServiceChooser,
  customerServiceTypeFor,
} from './customer-service.js';
export { deviceOf } from './device.js';
export { registerSecurityCentreRoutes } from './routes.js';
export {
  type ClubRankLevelOf,
  EMAIL_CODE_TTL_MINUTES,
  type SecurityCentreService,
} from './service.js';

/** The security centre on `db`: its repository is built here, callers get the service. */
export function createSecurityCentre(
  db: Db,
  deps: Omit<SecurityCentreDeps, 'repository'>,
): SecurityCentreService {
  return createSecurityCentreService({ ...deps, repository: createSecurityCentreRepository(db) });
}
