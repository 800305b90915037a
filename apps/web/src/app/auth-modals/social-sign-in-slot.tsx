import { type ReactNode, Suspense } from 'react';
import { useSystemStatus } from '../../features/system/api/use-system-status';
import { lazyWithRetry } from '../../lib/lazy-with-retry';

// Loaded with the first login or register form of a merchant that offers social sign-in.
const SocialSignInButtons = lazyWithRetry(
  () => import('../../features/social-sign-in/components/social-sign-in-buttons'),
);

/** The social sign-in buttons for the login and register forms, when the merchant's switch is on. */
export function useSocialSignInSlot(): ReactNode | undefined {
  const { data: status } = useSystemStatus();
  if (!status?.whiteLabel.socialSignIn) return undefined;
  return (
    <Suspense fallback={null}>
      <SocialSignInButtons />
    </Suspense>
  );
}
