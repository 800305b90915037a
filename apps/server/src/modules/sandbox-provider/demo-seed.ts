import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { createSandboxProviderRepository } from './repository.js';
import { SANDBOX_PROVIDER_VASSALAGE } from './service.js';

/** Bytes of a new signing secret (hex-encoded: 64 characters). */
const SANDBOX_SECRET_BYTES = 32;

/**
 * The sandbox provider's signing secret, made once and kept: the seed hands the same value to
 * the platform's provider entry, as an operator configures both sides of an integration.
 */
export function seedSandboxProviderSecret(db: Db): Promise<string> {
  return createSandboxProviderRepository(db).ensureApiSecret(
    SANDBOX_PROVIDER_VASSALAGE,
    randomBytes(SANDBOX_SECRET_BYTES).toString('hex'),
  );
}
