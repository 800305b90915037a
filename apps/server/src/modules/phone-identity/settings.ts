import { z } from 'zod';

/** Google's public keys for Firebase ID tokens, when a merchant names no keys of its own. */
export const FIREBASE_DEFAULT_JWKS_URL =
  'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

/** Issuer of a Firebase ID token of a project. */
export function firebaseIssuer(projectId: string): string {
  return `https://securetoken.google.com/${projectId}`;
}

/**
 * A merchant's third-party phone identity option. The keys that sign tokens come from a JWKS
 * URL, a static JWK set, or X.509 certificates (PEM) by key id; none given: Google's JWKS.
 */
export const phoneIdentityConfigSchema = z.object({
  projectId: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/i),
  jwksUrl: z.url({ protocol: /^https?$/ }).optional(),
  jwks: z.object({ keys: z.array(z.record(z.string(), z.unknown())).min(1) }).optional(),
  certificates: z
    .record(z.string(), z.string().startsWith('-----BEGIN CERTIFICATE-----'))
    .optional(),
});
export type PhoneIdentityConfig = z.infer<typeof phoneIdentityConfigSchema>;
