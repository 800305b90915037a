import { createHash, randomBytes } from 'node:crypto';
import type { SocialProviderName } from '@app/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { ExternalMemberService, Member } from '../member/index.js';
import type { Merchant } from '../system/index.js';
import type { OidcClient } from './oidc-client.js';
import { createSocialRepository, type SocialRepository } from './repository.js';
import type { SocialProviderConfig } from './settings.js';

/** A sign-in must come back from the provider within this long. */
export const SOCIAL_STATE_TTL_MS = 10 * 60 * 1000;
/** The site trades the login code of the callback within this long. */
export const SOCIAL_LOGIN_CODE_TTL_MS = 2 * 60 * 1000;
export const RETURN_TO_MAX_LENGTH = 512;
/** Prefix of the generated username of a member made by a provider (`g_k3m...`). */
const USERNAME_PREFIXES: Record<SocialProviderName, string> = { google: 'g_', facebook: 'f_' };
const SECRET_BYTES = 32;

function randomSecret(): string {
  return randomBytes(SECRET_BYTES).toString('base64url');
}

export function hashSecret(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** A path of this site to come back to; anything else (other hosts, `//x`, `/\x`) is `/`. */
export function safeReturnTo(value: string | undefined): string {
  if (!value || value.length > RETURN_TO_MAX_LENGTH) return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (!value.startsWith('/') || /^\/[/\\]/.test(value) || /[\u0000-\u001f\\]/.test(value)) {
    return '/';
  }
  return value;
}

/** `path` with one more query parameter (an existing one of that name is replaced). */
export function withQuery(path: string, name: string, value: string): string {
  const url = new URL(path, 'http://site.invalid');
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where a sign-in starts: the page to come back to, our callback URL, the browser's secret. */
export interface SocialStartInput {
  returnTo: string | undefined;
  redirectUri: string;
  browserSecret: string;
}

/** The provider's redirect back, as the callback route reads it. */
export interface SocialCompleteInput {
  state: string | undefined;
  code: string | undefined;
  providerError: string | undefined;
  browserSecret: string | undefined;
  ip: string | null;
}

/** Social sign-in through a merchant's OpenID Connect providers. */
export interface SocialService {
  /** Names of the providers the merchant offers now (none with the switch off). */
  enabledProviders(merchant: Merchant): Promise<SocialProviderName[]>;
  /** Remembers a new sign-in's state and answers the provider URL to send the browser to. */
  start(merchant: Merchant, provider: string, input: SocialStartInput): Promise<string>;
  /**
   * Spends the state, trades the code, finds or makes the member and answers a one-time login
   * code with the path to return to. Throws AppError, with `returnTo` when the state was good.
   */
  complete(
    merchant: Merchant,
    provider: string,
    input: SocialCompleteInput,
  ): Promise<{ returnTo: string; loginCode: string }>;
  /** Spends a login code in the browser that started the sign-in; answers its member. */
  exchange(merchant: Merchant, code: string, browserSecret: string | undefined): Promise<Member>;
}

type IdentityClaims = Awaited<ReturnType<OidcClient['exchangeCode']>>;

/** The member linked to the provider identity, made and linked now on its first sign-in. */
async function memberOfIdentity(
  deps: { repository: SocialRepository; externalMembers: ExternalMemberService },
  merchant: Merchant,
  name: SocialProviderName,
  claims: IdentityClaims,
  ip: string | null,
): Promise<bigint> {
  const email =
    claims.email_verified === true && typeof claims.email === 'string' ? claims.email : undefined;
  const memberId = await deps.repository.memberOfIdentity(merchant.code, name, claims.sub);
  if (memberId !== undefined) return memberId;
  const member = await deps.externalMembers.createForIdentity(merchant, {
    usernamePrefix: USERNAME_PREFIXES[name],
    nickname: typeof claims.name === 'string' ? claims.name : undefined,
    verifiedEmail: email,
    registerMethod: 'WEB',
    ip,
  });
  return deps.repository.linkIdentity({
    merchantCode: merchant.code,
    provider: name,
    subject: claims.sub,
    memberId: member.id,
    email: email ?? null,
  });
}

/**
 * Social sign-in (SPEC §2): an OpenID Connect relying party per merchant and provider. `start`
 * remembers a state (hashed), the nonce and the PKCE verifier, bound to the browser by a cookie
 * secret; `complete` spends the state, trades the code, checks the ID token, finds or makes the
 * member and answers a one-time login code; `exchange` spends that code in the same browser.
 */
export function createSocialService(
  db: Db,
  deps: { oidc: OidcClient; externalMembers: ExternalMemberService },
): SocialService {
  const repository = createSocialRepository(db);
  const { oidc, externalMembers } = deps;

  async function providerConfig(
    merchant: Merchant,
    provider: string,
  ): Promise<{ name: SocialProviderName; config: SocialProviderConfig }> {
    if (!merchant.whiteLabel.socialSignIn) throw new AppError('SOCIAL_SIGN_IN_DISABLED');
    const found = (await repository.providers(merchant.code)).find(
      (row) => row.provider === provider,
    );
    if (!found) throw new AppError('SOCIAL_SIGN_IN_DISABLED');
    return { name: found.provider, config: found.config };
  }

  return {
    async enabledProviders(merchant) {
      if (!merchant.whiteLabel.socialSignIn) return [];
      return (await repository.providers(merchant.code)).map((row) => row.provider);
    },

    async start(merchant, provider, input) {
      const { name, config } = await providerConfig(merchant, provider);
      const state = randomSecret();
      const nonce = randomSecret();
      const codeVerifier = randomSecret();
      const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
      const url = await oidc.authorizationUrl(config, {
        redirectUri: input.redirectUri,
        state,
        nonce,
        codeChallenge,
      });
      await repository.insertState(
        hashSecret(state),
        {
          merchantCode: merchant.code,
          provider: name,
          browserHash: hashSecret(input.browserSecret),
          nonce,
          codeVerifier,
          redirectUri: input.redirectUri,
          returnTo: safeReturnTo(input.returnTo),
        },
        new Date(Date.now() + SOCIAL_STATE_TTL_MS),
      );
      return url;
    },

    /**
     * The provider's redirect back. Answers the site path to send the browser to: with
     * `socialLogin=<code>` on success. Throws AppError, with `returnTo` when the state was good.
     */
    async complete(merchant, provider, input) {
      if (!input.state || !input.browserSecret) throw new AppError('SOCIAL_STATE_INVALID');
      const saved = await repository.takeState(
        hashSecret(input.state),
        hashSecret(input.browserSecret),
      );
      if (!saved || saved.merchantCode !== merchant.code || saved.provider !== provider) {
        throw new AppError('SOCIAL_STATE_INVALID');
      }
      const fail = (
        errorCode: 'SOCIAL_SIGN_IN_FAILED' | 'SOCIAL_SIGN_IN_DISABLED',
        cause?: unknown,
      ) =>
        Object.assign(new AppError(errorCode, undefined, { cause }), { returnTo: saved.returnTo });
      if (input.providerError || !input.code) throw fail('SOCIAL_SIGN_IN_FAILED');
      let name: SocialProviderName;
      let config: SocialProviderConfig;
      try {
        ({ name, config } = await providerConfig(merchant, provider));
      } catch {
        throw fail('SOCIAL_SIGN_IN_DISABLED');
      }
      let claims: IdentityClaims;
      try {
        claims = await oidc.exchangeCode(config, {
          code: input.code,
          redirectUri: saved.redirectUri,
          codeVerifier: saved.codeVerifier,
          nonce: saved.nonce,
        });
      } catch (error) {
        throw fail('SOCIAL_SIGN_IN_FAILED', error);
      }
      const memberId = await memberOfIdentity(
        { repository, externalMembers },
        merchant,
        name,
        claims,
        input.ip,
      );
      // A disabled member is refused here already, not only at the exchange.
      await externalMembers.activeMember(merchant, memberId);
      const loginCode = randomSecret();
      await repository.insertLoginCode({
        codeHash: hashSecret(loginCode),
        merchantCode: merchant.code,
        memberId,
        browserHash: saved.browserHash,
        expiresAt: new Date(Date.now() + SOCIAL_LOGIN_CODE_TTL_MS),
      });
      await repository.prune();
      return { returnTo: saved.returnTo, loginCode };
    },

    async exchange(merchant, code, browserSecret) {
      if (!browserSecret) throw new AppError('SOCIAL_LOGIN_CODE_INVALID');
      const taken = await repository.takeLoginCode(
        hashSecret(code),
        merchant.code,
        hashSecret(browserSecret),
      );
      if (!taken) {
        throw new AppError('SOCIAL_LOGIN_CODE_INVALID');
      }
      return externalMembers.activeMember(merchant, taken.memberId);
    },
  };
}
