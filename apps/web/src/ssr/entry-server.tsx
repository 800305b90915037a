import type { LanguageCode, SystemStatus } from '@app/contract/client';
import { createQueryClient } from '@app/web-shared/query-client';
import type { Query, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { Providers } from '../app/providers';
import { AppRoutes } from '../app/router';
import { ChunkErrorBoundary } from '../components/chunk-error-boundary';
import { systemStatusKey } from '../features/system/api/use-system-status';
import { changeLanguage } from '../lib/i18n';
import { setPaintingForPhone } from '../lib/painted-layout';

/**
 * Render passes of one page at most: each pass finds the queries its screen starts, which are
 * then fetched, so that the next pass shows their data (the status, then the layout's banners,
 * then the page's rows). Three reach the home page's game rows; a fourth finds nothing new.
 */
export const MAX_RENDER_PASSES = 4;

/** How the render reaches the API: the server answers its own calls in process. */
export type ServerFetch = (path: string, init: RequestInit) => Promise<Response>;

export interface FirstScreenInput {
  /** The page's path (no query string: pages with one are rendered by the browser). */
  pathname: string;
  language: LanguageCode;
  /** Whether the visitor is on a phone (a guess from the request): the lobby's layout follows it. */
  phone?: boolean;
  /** This request's `GET /wps/system/status` value: the server checks it first (maintenance, region). */
  status: SystemStatus;
  fetchApi: ServerFetch;
}

export interface FirstScreen {
  /** The markup of `#root`. */
  html: string;
  /** Every query the screen used with its data, as `[queryKey, data]` pairs for the browser's cache. */
  queries: [readonly unknown[], unknown][];
}

let serverFetch: ServerFetch | null = null;
const browserFetch = globalThis.fetch;

/**
 * The web app's API client calls `fetch` with a path (`/wps/...`); on the server such a call
 * goes to the server itself through `fetchApi`. Absolute addresses keep Node's own fetch, so
 * the server's calls to outside parties are untouched.
 */
function installServerFetch(): void {
  if (globalThis.fetch !== browserFetch) return;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    if (typeof input === 'string' && input.startsWith('/') && serverFetch) {
      return serverFetch(input, init ?? {});
    }
    return browserFetch(input, init);
  }) as typeof fetch;
}

/** A component that throws on the server leaves its boundary to the browser; the server logs why. */
function reportRenderError(error: unknown): void {
  console.error('web-ssr: a boundary is left to the browser:', error);
}

async function renderPass(queryClient: QueryClient, pathname: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <ChunkErrorBoundary>
          <StaticRouter location={pathname}>
            <AppRoutes />
          </StaticRouter>
        </ChunkErrorBoundary>
      </Providers>
    </StrictMode>,
    // One piece: a boundary written apart would need an inline script to move it into place,
    // which the site's CSP (script-src 'self') refuses.
    { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: reportRenderError },
  );
  const parts: Buffer[] = [];
  for await (const part of prelude) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts).toString('utf8');
}

function statusQuery(queryClient: QueryClient): Query | undefined {
  return queryClient.getQueryCache().find({ queryKey: systemStatusKey, exact: true });
}

/** Queries a pass started and nobody fetched yet (on the server no effect runs, so none fetch). */
function unfetchedQueries(queryClient: QueryClient, tried: Set<string>): Query[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && !tried.has(query.queryHash));
}

/**
 * Renders one public page for a guest: renders, fetches the queries the render started, and
 * renders again until nothing new is asked for. A query that fails is dropped, so that the
 * server shows what the browser shows before its own call answers (a loader), and the
 * hydration matches.
 */
export async function renderFirstScreen(input: FirstScreenInput): Promise<FirstScreen> {
  installServerFetch();
  serverFetch = input.fetchApi;
  try {
    await changeLanguage(input.language, false);
    setPaintingForPhone(input.phone ?? false);
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY },
    });
    queryClient.setQueryData(systemStatusKey, input.status);
    const tried = new Set<string>();
    let html = '';
    for (let pass = 0; pass < MAX_RENDER_PASSES; pass += 1) {
      html = await renderPass(queryClient, input.pathname);
      const pending = unfetchedQueries(queryClient, tried);
      // The last pass's new queries stay unfetched: its markup shows them loading, as the browser will.
      if (pending.length === 0 || pass === MAX_RENDER_PASSES - 1) break;
      for (const query of pending) tried.add(query.queryHash);
      await Promise.all(pending.map((query) => query.fetch(query.options).catch(() => undefined)));
      for (const query of pending) {
        if (query.state.status !== 'success') queryClient.getQueryCache().remove(query);
      }
    }
    const queries = queryClient
      .getQueryCache()
      .getAll()
      // The status travels on its own (the server asks it per request): not twice.
      .filter((query) => query.state.status === 'success' && query !== statusQuery(queryClient))
      .map((query): [readonly unknown[], unknown] => [query.queryKey, query.state.data]);
    queryClient.clear();
    return { html, queries };
  } finally {
    serverFetch = null;
  }
}
export { textLanguages } from '../lib/i18n';
