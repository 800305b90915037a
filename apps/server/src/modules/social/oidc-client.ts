import {
  createRemoteJWKSet,
  type JWTPayload,
  type JWTVerifyGetKey,
  errors as joseErrors,
  jwtVerify,
} from 'jose';
import { AppError } from '../../http/app-error.js';
import type { SocialProviderConfig } from './settings.js';

/** Calls to a provider give up after this long. */
export const OIDC_HTTP_TIMEOUT_MS = 10_000;
/** A discovery document is fetched again after this long. */
export const OIDC_DISCOVERY_TTL_MS = 60 * 60 * 1000;
export const OIDC_CLOCK_TOLERANCE_SECONDS = 60;
/** Largest answer read from a provider. */
const OIDC_RESPONSE_MAX_BYTES = 256 * 1024;
/** Asymmetric algorithms only: a symmetric one would let the client secret forge tokens. */
const ID_TOKEN_ALGORITHMS = ['RS256', 'PS256', 'ES256'];

export interface OidcEndpoints {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string | undefined;
  jwksUri: string;
}

function failed(reason: string): AppError {
  // The reason is for the server log (the cause); the player sees SOCIAL_SIGN_IN_FAILED.
  return new AppError('SOCIAL_SIGN_IN_FAILED', undefined, { cause: new Error(reason) });
}

async function readJson(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (text.length > OIDC_RESPONSE_MAX_BYTES) throw failed('provider answer too large');
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // Falls through to the error below.
  }
  throw failed('provider answer is not a JSON object');
}

function httpUrl(value: unknown, what: string): string {
  if (typeof value !== 'string') throw failed(`discovery lacks ${what}`);
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw failed(`bad ${what}`);
  return url.toString();
}

/** A relying party of OpenID Connect providers: discovery, token exchange, ID token checks. */
export function createOidcClient(fetchImpl: typeof fetch = fetch) {
  const discoveries = new Map<string, { endpoints: OidcEndpoints; fetchedAtMs: number }>();
  const keySets = new Map<string, JWTVerifyGetKey>();

  async function discover(issuer: string): Promise<OidcEndpoints> {
    const cached = discoveries.get(issuer);
    if (cached && Date.now() - cached.fetchedAtMs < OIDC_DISCOVERY_TTL_MS) return cached.endpoints;
    const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    let response: Response;
    try {
      response = await fetchImpl(url, { signal: AbortSignal.timeout(OIDC_HTTP_TIMEOUT_MS) });
    } catch {
      throw failed('discovery unreachable');
    }
    if (!response.ok) throw failed(`discovery answered ${response.status}`);
    const document = await readJson(response);
    // OpenID Connect Discovery §4.3: the document must name the issuer it was fetched for.
    if (document.issuer !== issuer) throw failed('discovery issuer mismatch');
    const endpoints: OidcEndpoints = {
      issuer,
      authorizationEndpoint: httpUrl(document.authorization_endpoint, 'authorization_endpoint'),
      tokenEndpoint:
        document.token_endpoint === undefined
          ? undefined
          : httpUrl(document.token_endpoint, 'token_endpoint'),
      jwksUri: httpUrl(document.jwks_uri, 'jwks_uri'),
    };
    discoveries.set(issuer, { endpoints, fetchedAtMs: Date.now() });
    return endpoints;
  }

  function keySet(jwksUri: string): JWTVerifyGetKey {
    let keys = keySets.get(jwksUri);
    if (!keys) {
      keys = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: OIDC_HTTP_TIMEOUT_MS });
      keySets.set(jwksUri, keys);
    }
    return keys;
  }

  return {
    discover,

    /** The provider's authorization URL: code flow with PKCE S256, state and nonce. */
    async authorizationUrl(
      config: SocialProviderConfig,
      input: { redirectUri: string; state: string; nonce: string; codeChallenge: string },
    ): Promise<string> {
      const endpoints = await discover(config.issuer);
      const url = new URL(endpoints.authorizationEndpoint);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', config.clientId);
      url.searchParams.set('redirect_uri', input.redirectUri);
      url.searchParams.set('scope', config.scope);
      url.searchParams.set('state', input.state);
      url.searchParams.set('nonce', input.nonce);
      url.searchParams.set('code_challenge', input.codeChallenge);
      url.searchParams.set('code_challenge_method', 'S256');
      return url.toString();
    },

    /** Trades the code for tokens and answers the ID token's verified claims. */
    async exchangeCode(
      config: SocialProviderConfig,
      input: { code: string; redirectUri: string; codeVerifier: string; nonce: string },
    ): Promise<JWTPayload & { sub: string }> {
      const endpoints = await discover(config.issuer);
      const tokenEndpoint = config.tokenEndpoint ?? endpoints.tokenEndpoint;
      if (!tokenEndpoint) throw failed('no token endpoint');
      const form = new URLSearchParams({
        grant_type: 'authorization_code',
        code: input.code,
        redirect_uri: input.redirectUri,
        code_verifier: input.codeVerifier,
        client_id: config.clientId,
      });
      const headers: Record<string, string> = {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      };
      if (config.tokenEndpointAuthMethod === 'client_secret_basic') {
        // RFC 6749 §2.3.1: both parts form-encoded before base64.
        const user = encodeURIComponent(config.clientId);
        const secret = encodeURIComponent(config.clientSecret);
        headers.authorization = `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;
      } else {
        form.set('client_secret', config.clientSecret);
      }
      let response: Response;
      try {
        response = await fetchImpl(tokenEndpoint, {
          method: 'POST',
          headers,
          body: form,
          signal: AbortSignal.timeout(OIDC_HTTP_TIMEOUT_MS),
        });
      } catch {
        throw failed('token endpoint unreachable');
      }
      const tokens = await readJson(response);
      if (!response.ok)
        throw failed(`token endpoint answered ${response.status} ${String(tokens.error)}`);
      if (typeof tokens.id_token !== 'string') throw failed('no id_token');
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(tokens.id_token, keySet(endpoints.jwksUri), {
          algorithms: ID_TOKEN_ALGORITHMS,
          issuer: endpoints.issuer,
          audience: config.clientId,
          clockTolerance: OIDC_CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ['exp', 'iat', 'sub'],
        }));
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) throw failed(`id_token refused: ${error.code}`);
        throw error;
      }
      // OpenID Connect Core §3.1.3.7: several audiences need our client as the authorized party.
      if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== config.clientId) {
        throw failed('id_token azp mismatch');
      }
      if (payload.nonce !== input.nonce) throw failed('id_token nonce mismatch');
      if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > 255) {
        throw failed('id_token sub invalid');
      }
      return payload as JWTPayload & { sub: string };
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
