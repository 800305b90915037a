import { afterEach, describe, expect, it, vi } from 'vitest';
import { customerServiceFor, openCustomerService } from './customer-service';
import { appQrResources } from './site-links';

const liveChat = { csType: 'LIVECHAT' as const, path: 'p1', title: 'Live chat' };
const vipHost = { csType: 'VIP' as const, path: 'p2', title: 'VIP host' };
const entries = [liveChat, vipHost];

describe('customer service', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('gives VIP service above club rank 4 only, else live chat', () => {
    expect(customerServiceFor(entries, 5)?.csType).toBe('VIP');
    expect(customerServiceFor(entries, 4)?.csType).toBe('LIVECHAT');
    expect(customerServiceFor(entries, undefined)?.csType).toBe('LIVECHAT');
    expect(customerServiceFor([vipHost], 2)).toBeUndefined();
    expect(customerServiceFor(undefined, 9)).toBeUndefined();
  });

  it('opens a small pop-up, sends it to the chat address, and closes it when the call fails', async () => {
    const popup = { opener: {}, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ success: true, value: { chatUrl: '/helpmc?b2c=1' } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      )
      .mockResolvedValueOnce(
        new Response(
          JSON.stringify({ success: false, errorCode: 'NOT_FOUND', message: 'Not found' }),
          { status: 404, headers: { 'content-type': 'application/json' } },
        ),
      );
    expect(await openCustomerService(liveChat, 'EN')).toBe(true);
    expect(open.mock.calls[0]?.[2]).toMatch(/width=420,height=640/);
    expect(popup.location.href).toBe(`${window.location.origin}/helpmc?b2c=1`);
    expect(popup.opener).toBeNull();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('csType=LIVECHAT');
    expect(await openCustomerService(liveChat, 'EN')).toBe(false);
    expect(popup.close).toHaveBeenCalledOnce();
  });

  it('shows app QR codes for the platforms whose resource exists (drawn by the server without a picture)', () => {
    const status = {
      resources: [
        {
          resourceType: 'ANDROID',
          url: 'https://a.example',
          qrCodeUrl: '/qr/a.png',
          labelNameEn: null,
        },
        { resourceType: 'IOS', url: 'https://i.example', qrCodeUrl: null, labelNameEn: null },
      ],
    } as unknown as Parameters<typeof appQrResources>[0];
    expect(appQrResources(status).map((entry) => entry.platform)).toEqual(['Android', 'iOS']);
    const androidOnly = {
      resources: [{ resourceType: 'ANDROID', url: 'https://a.example', qrCodeUrl: null }],
    } as unknown as Parameters<typeof appQrResources>[0];
    expect(appQrResources(androidOnly).map((entry) => entry.platform)).toEqual(['Android']);
  });
});
