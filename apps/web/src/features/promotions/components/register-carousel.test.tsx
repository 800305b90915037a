import { PROMOTION_CAROUSEL_AUTOPLAY_MS } from '@app/contract/client';
import { act, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render';
import RegisterCarousel from './register-carousel';

function card(id: string, title: string) {
  return {
    id,
    category: 'new_player',
    title,
    bannerUrl: '',
    groupName: '',
    takeMode: 'join',
    startsAtMs: 0,
    endsAtMs: 1,
    status: 'Join',
    action: 'join',
  };
}

describe('the /register carousel (SPEC §2)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows one new_player promotion per slide, turns every 5000 ms and links to the detail', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockApi({
      '/wps/promotion/list': {
        body: { success: true, value: { list: [card('1', 'Welcome'), card('2', 'Free start')] } },
      },
    });
    renderWithProviders(
      <MemoryRouter>
        <RegisterCarousel detailPath={(id) => `/promoDetail?id=${id}`} />
      </MemoryRouter>,
    );
    const first = await screen.findByTestId('register-slide');
    expect(first.textContent).toContain('Welcome');
    expect(first.getAttribute('href')).toBe('/promoDetail?id=1');
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('category=new_player');
    await act(async () => {
      vi.advanceTimersByTime(PROMOTION_CAROUSEL_AUTOPLAY_MS);
    });
    expect(screen.getByTestId('register-slide').textContent).toContain('Free start');
  });
});
