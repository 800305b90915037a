import { Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';
import { SOCIAL_ERROR_PARAM, SOCIAL_LOGIN_PARAM } from '../social-params';

const SocialReturnHandler = lazyWithRetry(() => import('./social-return-handler'));

/**
 * Back from a social sign-in (`/?socialLogin=<code>` or `/?socialError=<errorCode>`): the work
 * is in a lazy chunk that loads only on such a visit.
 */
export function SocialReturn({ onSession }: { onSession: (token: string) => Promise<unknown> }) {
  const [searchParams] = useSearchParams();
  // The handler takes the parameters out of the address at once and must stay to show the outcome.
  const [returned, setReturned] = useState(false);
  const present = searchParams.has(SOCIAL_LOGIN_PARAM) || searchParams.has(SOCIAL_ERROR_PARAM);
  if (present && !returned) setReturned(true);
  if (!present && !returned) return null;
  return (
    <Suspense fallback={null}>
      <SocialReturnHandler onSession={onSession} />
    </Suspense>
  );
}
