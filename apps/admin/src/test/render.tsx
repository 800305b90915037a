import type { ConsoleSession, OperatorRole } from '@app/contract';
import { permissionsOf } from '@app/contract';
import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/providers';
import { consoleRoutes } from '../app/routes';
import { setCsrfToken } from '../lib/api-client';
import { setSignOutNotice } from '../lib/console-session';
import { i18n } from '../lib/i18n';

export interface MockReply {
  status?: number;
  body: unknown;
}

/** A successful envelope. */
export const ok = (value: unknown): MockReply => ({ body: { success: true, value } });
/** A failed envelope with its status. */
export const failure = (status: number, errorCode: string): MockReply => ({
  status,
  body: { success: false, errorCode, message: errorCode },
});

/**
 * Replaces `fetch`: each `METHOD /path` answers its replies in turn (the last one again once
 * they run out). Unknown calls answer 404.
 */
export function mockApi(replies: Record<string, MockReply[]>) {
  const used = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const list = replies[key];
    if (!list || list.length === 0) {
      return new Response(JSON.stringify({ success: false, errorCode: 'NOT_FOUND' }), {
        status: 404,
      });
    }
    const index = used.get(key) ?? 0;
    used.set(key, index + 1);
    const reply = list[Math.min(index, list.length - 1)] as MockReply;
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The requests `fetch` received for one `METHOD /path`, with their headers and JSON bodies. */
export function requestsTo(fetchMock: ReturnType<typeof mockApi>, method: string, path: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => {
      const url = new URL(String(input), 'http://localhost');
      return (init?.method ?? 'GET') === method && url.pathname === path;
    })
    .map(([, init]) => ({
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }));
}

const HOUR_MS = 60 * 60 * 1000;

export function sessionOf(role: OperatorRole, overrides: Partial<ConsoleSession['operator']> = {}) {
  return {
    operator: {
      id: 1,
      username: `${role}-operator`,
      role,
      merchantCode: 'DEMO',
      totpEnrolled: true,
      kind: 'merchant',
      homeMerchantCode: 'DEMO',
      ...overrides,
    },
    permissions: permissionsOf(role),
    csrfToken: `csrf-${role}`,
    idleExpiresAtMs: Date.now() + HOUR_MS,
    absoluteExpiresAtMs: Date.now() + 8 * HOUR_MS,
  } satisfies ConsoleSession;
}

/** The console's real routes and providers at a path, in English, with no retries. */
export async function renderConsole(path: string) {
  // The signed-in layout is a lazy chunk: loaded once here, so that a slow first import under
  // a busy test run is not mistaken for a missing element by the tests' waits.
  await Promise.all([import('../app/layout/console-layout'), import('../app/pages/home-page')]);
  await i18n.changeLanguage('en');
  setCsrfToken(null);
  setSignOutNotice(null);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(consoleRoutes, { initialEntries: [path] });
  await act(async () => {
    render(
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>,
    );
  });
  return { router, queryClient };
}
