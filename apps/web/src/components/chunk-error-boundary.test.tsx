import { screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { importWithRetry } from '../lib/lazy-with-retry';
import { renderWithProviders } from '../test/render';
import { ChunkErrorBoundary } from './chunk-error-boundary';

describe('a lazy page whose code cannot load', () => {
  it('is retried, then replaced by "page load slow" with a reload button', async () => {
    const load = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const Page = lazy(() =>
      importWithRetry<{ default: () => null }>(load, { wait: async () => undefined }),
    );
    // React reports the caught error on the console; the test only cares what the visitor sees.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(
      <ChunkErrorBoundary>
        <Suspense fallback="loading">
          <Page />
        </Suspense>
      </ChunkErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'Page load slow' })).toBeTruthy();
    expect(screen.getByText(/check your network/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(3);
    quiet.mockRestore();
  });

  it('leaves other errors to the next boundary', () => {
    function Broken(): null {
      throw new Error('a bug, not the network');
    }
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() =>
      renderWithProviders(
        <ChunkErrorBoundary>
          <Broken />
        </ChunkErrorBoundary>,
      ),
    ).toThrow('a bug, not the network');
    quiet.mockRestore();
  });
});
