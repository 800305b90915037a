import { act, fireEvent } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import {
  attemptSrc,
  FALLBACK_GAME_IMAGE,
  LAZY_IMAGE_ROOT_MARGIN,
  LazyGameImage,
} from './lazy-game-image';

type ObserverCallback = (entries: Array<{ isIntersecting: boolean }>) => void;

/** An IntersectionObserver whose callback the test calls. */
function stubObserver() {
  const observers: Array<{ callback: ObserverCallback; options?: { rootMargin?: string } }> = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: ObserverCallback, options?: { rootMargin?: string }) {
        observers.push({ callback, options });
      }
      observe() {}
      disconnect() {}
    },
  );
  return observers;
}

describe('LazyGameImage', () => {
  afterEach(() => vi.useRealTimers());

  it('loads only once near the viewport, tries three times, then shows the fallback', () => {
    vi.useFakeTimers();
    const observers = stubObserver();
    const { container } = renderWithProviders(<LazyGameImage src="/icons/a.png" alt="" />);
    expect(container.querySelector('img')).toBeNull();
    expect(observers[0]?.options?.rootMargin).toBe(LAZY_IMAGE_ROOT_MARGIN);

    act(() => observers[0]?.callback([{ isIntersecting: true }]));
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/icons/a.png');

    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    act(() => vi.runAllTimers());
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/icons/a.png?retry=2');

    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    act(() => vi.runAllTimers());
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/icons/a.png?retry=3');

    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    act(() => vi.runAllTimers());
    expect(container.querySelector('img')?.getAttribute('src')).toBe(FALLBACK_GAME_IMAGE);
  });

  it('asks again past the cache on a retry, but not for data images', () => {
    expect(attemptSrc('/a.png?v=1', 2)).toBe('/a.png?v=1&retry=2');
    expect(attemptSrc('data:image/png;base64,AA', 3)).toBe('data:image/png;base64,AA');
  });
});
