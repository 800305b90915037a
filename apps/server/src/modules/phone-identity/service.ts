import { createHash } from 'node:crypto';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  importX509,
  type JWTPayload,
  type JWTVerifyGetKey,
  errors as joseErrors,
  jwtVerify,
} from 'jose';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { createPhoneIdentityRepository, type PhoneIdentityRepository } from './repository.js';
import { FIREBASE_DEFAULT_JWKS_URL, firebaseIssuer, type PhoneIdentityConfig } from './settings.js';

/** Clocks of the provider and ours may differ this much. */
export const PHONE_TOKEN_CLOCK_TOLERANCE_SECONDS = 60;
/** A provider ID token lives an hour; an older `iat` is refused whatever `exp` says. */
export const PHONE_TOKEN_MAX_AGE_SECONDS = 60 * 60;
/** Remote key sets are fetched at most this often, and given this long to answer. */
const JWKS_COOLDOWN_MS = 30_000;
const JWKS_TIMEOUT_MS = 5_000;
const SUBJECT_MAX_LENGTH = 128;
/** Field the errors name: the form's code field (the token stands in for the code). */
const FIELD = 'verificationCode';

type KeySource = JWTVerifyGetKey;

/** Remote key sets are shared by merchants and kept for the process, as jose caches keys. */
const remoteKeySets = new Map<string, KeySource>();

function keySourceOf(config: PhoneIdentityConfig): KeySource {
  if (config.jwks) {
    return createLocalJWKSet(config.jwks as Parameters<typeof createLocalJWKSet>[0]);
  }
  const certificates = config.certificates;
  if (certificates) {
    return async (header) => {
      const pem = header.kid ? certificates[header.kid] : undefined;
      if (!pem) throw new joseErrors.JWKSNoMatchingKey();
      return importX509(pem, 'RS256');
    };
  }
  const url = config.jwksUrl ?? FIREBASE_DEFAULT_JWKS_URL;
  let source = remoteKeySets.get(url);
  if (!source) {
    source = createRemoteJWKSet(new URL(url), {
      cooldownDuration: JWKS_COOLDOWN_MS,
      timeoutDuration: JWKS_TIMEOUT_MS,
    });
    remoteKeySets.set(url, source);
  }
  return source;
}

function invalid(
  providerCode: string,
  errorCode: 'PHONE_TOKEN_INVALID' | 'PHONE_TOKEN_EXPIRED' = 'PHONE_TOKEN_INVALID',
) {
  return new AppError(errorCode, { field: FIELD, providerCode });
}

/** The phone number of a claim as digits, dialling code first (E.164 without the plus). */
function claimedNumber(payload: JWTPayload): string | undefined {
  const value = payload.phone_number;
  if (typeof value !== 'string') return undefined;
  const digits = value.trim().replace(/^\+/, '');
  return /^[0-9]{4,32}$/.test(digits) ? digits : undefined;
}

/**
 * Checks an ID token of the merchant's phone identity provider (Firebase Authentication):
 * RS256 only, signed by a configured key, issued for the merchant's project, fresh, for the
 * number `phone`, and never seen before. Every failure changes nothing.
 */
async function verifyPhoneToken(
  repository: PhoneIdentityRepository,
  now: () => number,
  merchantCode: string,
  phone: string,
  token: string | undefined,
): Promise<void> {
  const config = await repository.config(merchantCode);
  if (!config)
    throw new AppError('PHONE_IDENTITY_DISABLED', {
      field: FIELD,
      providerCode: 'operation-not-allowed',
    });
  if (!token)
    throw new AppError('PHONE_TOKEN_MISSING', {
      field: FIELD,
      providerCode: 'missing-verification-code',
    });
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keySourceOf(config), {
      algorithms: ['RS256'],
      issuer: firebaseIssuer(config.projectId),
      audience: config.projectId,
      clockTolerance: PHONE_TOKEN_CLOCK_TOLERANCE_SECONDS,
      maxTokenAge: PHONE_TOKEN_MAX_AGE_SECONDS,
      requiredClaims: ['exp', 'iat', 'sub'],
      currentDate: new Date(now()),
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired)
      throw invalid('code-expired', 'PHONE_TOKEN_EXPIRED');
    if (error instanceof joseErrors.JWKSTimeout) throw new AppError('SERVICE_UNAVAILABLE');
    if (error instanceof joseErrors.JOSEError) throw invalid('invalid-verification-code');
    // A token that is not even a JWT makes jose throw plain errors on some inputs.
    if (error instanceof TypeError) throw invalid('invalid-verification-code');
    throw error;
  }
  const nowSeconds = Math.floor(now() / 1000);
  const authTime = payload.auth_time;
  if (
    typeof authTime !== 'number' ||
    authTime > nowSeconds + PHONE_TOKEN_CLOCK_TOLERANCE_SECONDS ||
    typeof payload.sub !== 'string' ||
    payload.sub.length === 0 ||
    payload.sub.length > SUBJECT_MAX_LENGTH
  ) {
    throw invalid('invalid-verification-code');
  }
  if (claimedNumber(payload) !== phone) {
    throw new AppError('PHONE_TOKEN_NUMBER_MISMATCH', {
      field: FIELD,
      providerCode: 'invalid-phone-number',
    });
  }
  // Firebase ID tokens carry no jti: the token itself is the key.
  const tokenKey = createHash('sha256')
    .update(typeof payload.jti === 'string' ? `jti:${payload.jti}` : `token:${token}`)
    .digest();
  const expiresAt = new Date(
    ((payload.exp as number) + PHONE_TOKEN_CLOCK_TOLERANCE_SECONDS) * 1000,
  );
  if (!(await repository.markUsed(merchantCode, tokenKey, expiresAt))) {
    throw invalid('invalid-verification-code');
  }
}

/** The merchant's third-party phone identity: proves a number with the provider's ID token. */
export interface PhoneIdentityService {
  /** Checks a provider ID token for `phone` and remembers it as used; throws when it fails. */
  verify(merchantCode: string, phone: string, token: string | undefined): Promise<void>;
  /** Forgets remembered (used) tokens that have expired. */
  prune(): Promise<void>;
}

/** The phone identity service on its own repository over `db`. */
export function createPhoneIdentityService(
  db: Db,
  now: () => number = Date.now,
): PhoneIdentityService {
  const repository = createPhoneIdentityRepository(db);
  return {
    verify: (merchantCode, phone, token) =>
      verifyPhoneToken(repository, now, merchantCode, phone, token),

    prune() {
      return repository.prune();
    },
  };
}
