import type { SystemStatus } from '@app/contract/client';
import { describe, expect, it, vi } from 'vitest';
import { renderFirstScreen } from './entry-server';
import demoStatus from './test-status.json';

const status = demoStatus as unknown as SystemStatus;
const banner = {
  bannerId: 'b1',
  title: 'Join in a minute',
  url: 'data:image/svg+xml;charset=utf-8,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E',
  linkageType: 'none',
  link: '',
};

/** The server's answers: the register page's banners; every other call fails. */
function serverApi() {
  return vi.fn(async (path: string) => {
    if (path.startsWith('/wps/system/banners?groupName=w_reg')) {
      return new Response(JSON.stringify({ success: true, value: [banner] }), { status: 200 });
    }
    return new Response(JSON.stringify({ success: false, errorCode: 'INTERNAL_ERROR' }), {
      status: 500,
    });
  });
}

/**
 * The first render under Vitest transforms the whole first screen's source (layout, header,
 * left bar, the page's lazy chunks: a few hundred modules) before React runs; that one-off cost,
 * not the render, needs more than the default 5 s on a loaded machine.
 */
const FIRST_RENDER_TRANSFORM_TIMEOUT_MS = 60_000;

describe('renderFirstScreen: a public page painted on the server', {
  timeout: FIRST_RENDER_TRANSFORM_TIMEOUT_MS,
}, () => {
  it('renders /register with its banner as the LCP image and the form, and lists the data it used', async () => {
    const fetchApi = serverApi();
    const screen = await renderFirstScreen({
      pathname: '/register',
      language: 'EN',
      status,
      fetchApi,
    });
    expect(fetchApi).toHaveBeenCalledWith('/wps/system/banners?groupName=w_reg', expect.anything());
    expect(screen.html).toContain('data-testid="banner-carousel"');
    expect(screen.html).toMatch(/<img [^>]*alt="Join in a minute"[^>]*fetchpriority="high"/i);
    expect(screen.html).toContain('Create account');
    // No inline script: the one-piece render needs none, and the CSP would refuse it.
    expect(screen.html).not.toContain('<script');
    const keys = screen.queries.map(([key]) => key.join('/'));
    expect(keys).toContain('content/banners/w_reg/EN');
    // The status travels apart; a call that failed is left to the browser (not embedded).
    expect(keys).not.toContain('system/status');
    expect(screen.queries.every(([, data]) => data !== undefined)).toBe(true);
  });
});
