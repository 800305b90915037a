import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure, mockApi, ok, renderConsole, requestsTo, sessionOf } from '../../test/render';

const banner = {
  id: '7',
  groupName: 'home',
  language: 'EN',
  title: 'Welcome bonus',
  imageUrl: 'https://cdn.example.com/welcome.png',
  linkageType: 'url',
  link: '/register',
  sort: 0,
  enabled: true,
  activeFrom: null,
  activeUntil: null,
  createdAt: 1_764_000_000_000,
};

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

describe('the banners page', () => {
  it('shows a read-only role the banners without any action', async () => {
    mockApi({
      'GET /admin/session': [ok(sessionOf('read-only'))],
      'GET /admin/content/banners': [ok({ list: [banner], nextAfterId: null })],
    });
    await renderConsole('/content/banners');
    const row = await screen.findByTestId('banner-row', {}, { timeout: 5_000 });
    expect(row.textContent).toContain('Welcome bonus');
    expect(screen.queryByTestId('banner-new')).toBeNull();
    expect(screen.queryByTestId('banner-edit')).toBeNull();
    expect(screen.queryByTestId('content-enabled')).toBeNull();
    expect(screen.getByText('Your role can read this page but not change it.')).toBeTruthy();
  });

  it('checks the link before saving and shows a refusal translated', async () => {
    const fetchMock = mockApi({
      'GET /admin/session': [ok(sessionOf('content'))],
      'GET /admin/content/banners': [ok({ list: [banner], nextAfterId: null })],
      'POST /admin/content/banners': [failure(400, 'BANNER_IMAGE_URL_INVALID')],
    });
    await renderConsole('/content/banners');
    await click(await screen.findByTestId('banner-edit', {}, { timeout: 5_000 }));
    const link = await screen.findByTestId('banner-link');
    fireEvent.change(link, { target: { value: 'javascript:alert(1)' } });
    await click(screen.getByTestId('banner-save'));
    await screen.findByText('Please check this value');
    expect(requestsTo(fetchMock, 'POST', '/admin/content/banners')).toHaveLength(0);

    fireEvent.change(link, { target: { value: '/lottery' } });
    await click(screen.getByTestId('banner-save'));
    await screen.findByText(/image/i, { selector: '.mantine-Alert-message' });
    const sent = requestsTo(fetchMock, 'POST', '/admin/content/banners').map((call) => call.body);
    const { createdAt: _createdAt, ...saved } = banner;
    expect(sent).toEqual([{ ...saved, link: '/lottery' }]);
  });
});
