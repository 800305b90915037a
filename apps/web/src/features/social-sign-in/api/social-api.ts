import type { SocialProviderName } from '@app/contract/client';
import { useEffect, useState } from 'react';
import { callApi } from '../../../lib/api-client';

/** Where the server starts a sign-in (a navigation, not a call: it answers with a redirect). */
export function socialStartUrl(provider: SocialProviderName, returnTo = '/'): string {
  return `/wps/session/social/${provider}/start?returnTo=${encodeURIComponent(returnTo)}`;
}

/** Providers change with the merchant's settings: one load per visit is enough. */
let providersOfVisit: Promise<SocialProviderName[]> | undefined;

/**
 * The merchant's providers, loaded once per visit (a plain promise rather than a query: a
 * shared query chunk would cost the initial bundle about 1 KB).
 */
export function useSocialProviders(): SocialProviderName[] {
  const [providers, setProviders] = useState<SocialProviderName[]>([]);
  useEffect(() => {
    let live = true;
    providersOfVisit ??= callApi('socialProviders').then(
      (value) => value.providers,
      (error: unknown) => {
        providersOfVisit = undefined;
        throw error;
      },
    );
    providersOfVisit.then(
      (value) => live && setProviders(value),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return providers;
}

/** Trades the one-time code of `?socialLogin=` for a session token. */
export async function exchangeSocialLoginCode(code: string) {
  return callApi('socialExchange', { body: { code } });
}
