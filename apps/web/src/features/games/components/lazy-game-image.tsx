import { Box } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/** SPEC §9 lazy load: start loading 1.3 viewports ahead (30% beyond each edge), 3 attempts. */
export const LAZY_IMAGE_ROOT_MARGIN = '30% 0px 30% 0px';
export const LAZY_IMAGE_ATTEMPTS = 3;
/** Pause before trying a failed image again. */
const RETRY_DELAY_MS = 500;

/** Shown after the last failed attempt: a neutral card with a game pad. */
export const FALLBACK_GAME_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><rect width="120" height="120" fill="#3a3f4b"/><path d="M38 50h44a14 14 0 0 1 13 19l-4 10a8 8 0 0 1-13 3l-6-6H48l-6 6a8 8 0 0 1-13-3l-4-10a14 14 0 0 1 13-19z" fill="none" stroke="#9aa0ac" stroke-width="4"/><path d="M45 58v12M39 64h12" stroke="#9aa0ac" stroke-width="4"/><circle cx="74" cy="60" r="3" fill="#9aa0ac"/><circle cx="82" cy="68" r="3" fill="#9aa0ac"/></svg>',
)}`;

/** The address of one attempt: a retry of a fetched image asks again past any cache. */
export function attemptSrc(src: string, attempt: number): string {
  if (attempt <= 1 || src.startsWith('data:')) return src;
  return `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`;
}

interface LazyGameImageProps {
  src: string;
  alt: string;
}

/**
 * A game icon that loads only when it comes near the viewport; a failed load is tried again,
 * up to three attempts, then the fallback image is shown (SPEC §8).
 */
export function LazyGameImage({ src, alt }: LazyGameImageProps) {
  const holder = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  const [attempt, setAttempt] = useState(1);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = holder.current;
    if (!element || visible) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: LAZY_IMAGE_ROOT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);

  // A new source starts over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on src change only
  useEffect(() => {
    setAttempt(1);
    setFailed(false);
  }, [src]);

  const onError = () => {
    if (attempt >= LAZY_IMAGE_ATTEMPTS) setFailed(true);
    else window.setTimeout(() => setAttempt((n) => n + 1), RETRY_DELAY_MS);
  };

  return (
    <Box
      ref={holder}
      style={{
        aspectRatio: '1 / 1',
        overflow: 'hidden',
        background: 'var(--mantine-color-default-hover)',
      }}
    >
      {visible && (
        <img
          // A new key makes the browser fetch again on a retry.
          key={failed ? 'fallback' : attempt}
          src={failed ? FALLBACK_GAME_IMAGE : attemptSrc(src, attempt)}
          alt={alt}
          onError={failed ? undefined : onError}
          data-attempt={attempt}
          style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      )}
    </Box>
  );
}
