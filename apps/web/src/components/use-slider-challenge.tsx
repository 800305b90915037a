import type { SystemStatus } from '@app/contract/client';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense, useCallback, useRef, useState } from 'react';
import { fetchSiteStatus, siteStatusKey } from '../api/site-status-api';
import { lazyWithRetry } from '../lib/lazy-with-retry';

// The puzzle, its pop-up and texts load only when a guarded form is first sent.
const SliderChallengeModal = lazyWithRetry(() => import('./slider-challenge-modal'));

/** Spread into the guarded call's body: a token when the puzzle was asked for, else nothing. */
export type ChallengeFields = { challengeToken?: string };

export interface SliderChallenge {
  /** The merchant uses the slider: it replaces the captcha as the SMS bot check. */
  required: boolean;
  /**
   * Resolves at once to `{}` when the merchant does not use the slider; otherwise opens the
   * puzzle and resolves to `{ challengeToken }` once it is solved, or null when the visitor
   * closes it (send nothing then). A token is good for one call: ask again for each send.
   */
  requestChallenge: () => Promise<ChallengeFields | null>;
  /** Render it anywhere in the form (the pop-up goes to a portal). */
  challengeModal: ReactNode;
}

/**
 * The slider-puzzle step of registration, SMS sends and username login, when the merchant's
 * `whiteLabel.sliderVerification` is on. Reads the site status the shell already loaded (same
 * query key, never fetched from here).
 */
export function useSliderChallenge(): SliderChallenge {
  const status = useQuery<SystemStatus>({
    queryKey: siteStatusKey,
    // Never run from here (enabled: false): the shell's query fills this key.
    queryFn: fetchSiteStatus,
    enabled: false,
  });
  const required = status.data?.whiteLabel.sliderVerification === true;
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const pending = useRef<((result: ChallengeFields | null) => void) | null>(null);

  const settle = useCallback((result: ChallengeFields | null) => {
    pending.current?.(result);
    pending.current = null;
    setOpened(false);
  }, []);

  const requestChallenge = useCallback((): Promise<ChallengeFields | null> => {
    if (!required) return Promise.resolve({});
    // A second request replaces a forgotten first one.
    pending.current?.(null);
    setLoaded(true);
    setOpened(true);
    return new Promise((resolve) => {
      pending.current = resolve;
    });
  }, [required]);

  const challengeModal = loaded ? (
    <Suspense fallback={null}>
      <SliderChallengeModal
        opened={opened}
        onSolved={(challengeToken) => settle({ challengeToken })}
        onCancel={() => settle(null)}
      />
    </Suspense>
  ) : null;

  return { required, requestChallenge, challengeModal };
}
