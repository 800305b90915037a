import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** SPEC §9: a chunk that has not arrived after this long counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Retries after the first failed load of a chunk (a flaky network often recovers). */
export const CHUNK_LOAD_RETRIES = 2;
/** Wait before the first retry; each next retry waits twice as long. */
export const CHUNK_RETRY_BASE_DELAY_MS = 1_000;

/** A chunk of the site could not be loaded, retries included (SPEC §8 ChunkLoadError). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

interface RetryOptions {
  retries?: number;
  baseDelayMs?: number;
  timeoutMs?: number;
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`chunk not loaded within ${timeoutMs} ms`)),
      timeoutMs,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Runs a dynamic import, again after a pause when it fails (1 s, then 2 s), and gives up with a
 * ChunkLoadError. The browser caches a failed module import per URL in some engines, so a
 * retry may fail the same way; the reload offered by the error screen then starts afresh.
 */
export async function importWithRetry<T>(
  load: () => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const retries = options.retries ?? CHUNK_LOAD_RETRIES;
  const baseDelayMs = options.baseDelayMs ?? CHUNK_RETRY_BASE_DELAY_MS;
  const timeoutMs = options.timeoutMs ?? CHUNK_LOAD_TIMEOUT_MS;
  const wait = options.wait ?? sleep;
  let lastError: unknown;
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    if (attempt > 0) await wait(baseDelayMs * 2 ** (attempt - 1));
    try {
      return await withTimeout(load(), timeoutMs);
    } catch (error) {
      lastError = error;
    }
  }
  throw new ChunkLoadError(
    lastError instanceof Error ? lastError.message : 'chunk could not be loaded',
  );
}

/** `React.lazy` with retries and the SPEC §9 timeout; use it for every lazy screen and modal. */
// biome-ignore lint/suspicious/noExplicitAny: the same constraint as React.lazy's own signature
export function lazyWithRetry<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(() => importWithRetry(load));
}

/**
 * `lazyWithRetry` whose download starts now, when the module that declares it is evaluated,
 * not when it first renders: for code that is off the initial chunk (room in the initial budget,
 * apps/web/scripts/size-budget.ts) but that nearly every visit renders at once, such as the
 * site's layout. The import then runs beside the entry's own start (the status call, the texts).
 */
// biome-ignore lint/suspicious/noExplicitAny: the same constraint as React.lazy's own signature
export function lazyStartedNow<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  const loading = importWithRetry(load);
  // A failure surfaces when the component renders (React.lazy rethrows it there), not here.
  loading.catch(() => undefined);
  return lazy(() => loading);
}
