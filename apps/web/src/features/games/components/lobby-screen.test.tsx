import type { Game, VendorCategory } from '@app/contract/client';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { type GamesAccess, GamesAccessProvider } from '../games-access';
import { loadGamesTexts } from '../games-texts';
import LobbyScreen from './lobby-screen';

const game = (nodeId: number, gameName: string, extra: Partial<Game> = {}): Game => ({
  nodeId,
  vassalage: 'PG',
  gameType: 'RNG',
  gameName,
  gameClassify: null,
  minBet: 0.1,
  minLineNum: 1,
  gameCode: `g${nodeId}`,
  isGame: 'GAME',
  parentNodeId: null,
  iconUrl: `/icons/${nodeId}.png`,
  isHot: false,
  isNew: false,
  rtp: null,
  ...extra,
});

const menus: VendorCategory[] = [
  {
    gameCategory: 'FISH',
    title: 'FISH',
    gameClassify: null,
    cards: [{ vassalage: 'PG', name: 'PG Soft', isHot: false, isNew: false, gameCount: 84 }],
  },
  {
    gameCategory: 'RNG',
    title: 'RNG',
    gameClassify: null,
    cards: [
      { vassalage: 'PG', name: 'PG Soft', isHot: true, isNew: false, gameCount: 2 },
      { vassalage: 'JILI', name: 'Jili', isHot: false, isNew: false, gameCount: 1 },
    ],
  },
];

const ok = (value: unknown) =>
  new Response(JSON.stringify({ success: true, value }), {
    headers: { 'Content-Type': 'application/json' },
  });

/** A fake server: answers by path, the game list by its query. */
function fakeServer() {
  const calls: Array<{ path: string; query: URLSearchParams; body?: unknown }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path: url.pathname, query: url.searchParams, body });
    switch (url.pathname) {
      case '/lgw/games/game_menus':
        return ok(menus);
      case '/wps/relay/GCSGAME_gameList': {
        const parent = url.searchParams.get('parentNodeId');
        if (parent)
          return ok({
            games: [game(31, 'Sub game one', { parentNodeId: 30 })],
            pageNo: 1,
            totalPages: 1,
            totalCount: 1,
          });
        if (url.searchParams.get('gameType') === 'FISH') {
          // 42 a page, two pages: the phone's infinite scroll.
          const pageNo = Number(url.searchParams.get('pageNo'));
          const games = Array.from({ length: 42 }, (_, index) =>
            game(1000 + (pageNo - 1) * 42 + index, `Fish ${(pageNo - 1) * 42 + index + 1}`, {
              gameType: 'FISH',
            }),
          );
          return ok({ games, pageNo, totalPages: 2, totalCount: 84 });
        }
        const name = url.searchParams.get('gameName');
        const vendor = url.searchParams.get('vassalage');
        let games = [
          game(11, 'Fortune Tiger', { isHot: true }),
          game(12, 'Mahjong Ways', { isNew: true }),
          game(30, 'Table hall', { isGame: 'VASSALAGE' }),
          game(21, 'Golden Empire', { vassalage: 'JILI' }),
        ];
        if (vendor) games = games.filter((entry) => entry.vassalage === vendor);
        if (name)
          games = games.filter((entry) =>
            entry.gameName.toLowerCase().includes(name.toLowerCase()),
          );
        return ok({ games, pageNo: 1, totalPages: 1, totalCount: games.length });
      }
      case '/wps/relay/GCSGAME_getVassGameType':
        return ok({ list: [] });
      case '/wps/relay/MCSFE_getFavoriteGamesList':
        return ok([12]);
      case '/wps/relay/MCSFE_addFavoriteGame':
        return ok({ nodeId: body.nodeId, favourite: true });
      case '/wps/relay/MCSFE_removeFavoriteGame':
        return ok({ nodeId: body.nodeId, favourite: false });
      case '/wps/game/launchGame':
        return ok({ game_url: 'https://games.example/play?t=abc', game_url2: null });
      default:
        return new Response(JSON.stringify({ success: false, errorCode: 'NOT_FOUND' }), {
          status: 404,
        });
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderLobby(access: Partial<GamesAccess> = {}, path = '/rng') {
  const value: GamesAccess = {
    isLoggedIn: false,
    canKeepFavourites: false,
    memberKey: null,
    requireLogin: vi.fn(),
    gameFramePath: '/game',
    ...access,
  };
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <GamesAccessProvider value={value}>
        <Suspense fallback="loading">
          <Routes>
            <Route path="/rng" element={<LobbyScreen categories={['RNG']} />} />
            <Route path="/fish" element={<LobbyScreen categories={['FISH']} />} />
            <Route path="/live" element={<LobbyScreen categories={['LIVE']} />} />
            <Route path="*" element={null} />
          </Routes>
        </Suspense>
        <WhereAmI />
      </GamesAccessProvider>
    </MemoryRouter>,
  );
  return value;
}

// Two shared cores: renders of the whole lobby can take seconds here.
describe('LobbyScreen', { timeout: 30_000 }, () => {
  // The texts are a chunk of their own; load them once so the first test waits on nothing else.
  beforeAll(() => loadGamesTexts());

  it('shows vendor tabs and games; a vendor tab filters and names itself in the page query', async () => {
    const calls = fakeServer();
    renderLobby();
    // The first render of the file loads Mantine's pieces: allow it more than the default 1 s.
    expect(await screen.findByText('Fortune Tiger', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'All' })).toBeTruthy();
    // Guests see no favourites or recent tabs.
    expect(screen.queryByRole('tab', { name: 'Favourites' })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Jili' }));
    expect(await screen.findByText('Golden Empire')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Fortune Tiger')).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe('/rng?page=JILI');
    const listCall = calls.filter((call) => call.path === '/wps/relay/GCSGAME_gameList').at(-1);
    expect(listCall?.query.get('vassalage')).toBe('JILI');
    expect(listCall?.query.get('pageNo')).toBe('1');
    expect(listCall?.query.get('pageSize')).toBe('42');
    expect(listCall?.query.get('gameType')).toBe('RNG');
  });

  it('says kindly that a lobby with no games is empty, with links to the lobbies that have some', async () => {
    fakeServer();
    renderLobby({}, '/live');
    const empty = await screen.findByTestId('lobby-empty', {}, { timeout: 10_000 });
    expect(empty.textContent).toContain('No Live casino games here yet');
    expect(screen.getByRole('link', { name: 'Slots' }).getAttribute('href')).toBe('/rng');
    expect(screen.getByRole('link', { name: 'Fishing' }).getAttribute('href')).toBe('/fish');
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('opens on the vendor of the page query', async () => {
    fakeServer();
    renderLobby({}, '/rng?page=JILI');
    expect(await screen.findByText('Golden Empire')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Jili' }).getAttribute('aria-selected')).toBe('true');
  });

  it('searches by name after a pause in typing, at most 50 characters', async () => {
    const calls = fakeServer();
    renderLobby();
    await screen.findByText('Fortune Tiger');
    const search = screen.getByRole('searchbox', { name: 'Search by game name' });
    expect(search.getAttribute('maxlength')).toBe('50');
    fireEvent.change(search, { target: { value: 'mahjong' } });
    await waitFor(
      () => expect(calls.some((call) => call.query.get('gameName') === 'mahjong')).toBe(true),
      { timeout: 5000 },
    );
    await waitFor(() => expect(screen.queryByText('Fortune Tiger')).toBeNull(), { timeout: 5000 });
    expect(await screen.findByText('Mahjong Ways')).toBeTruthy();
  });

  it('asks a guest to log in on the heart and on a game, and calls nothing', async () => {
    const calls = fakeServer();
    const access = renderLobby();
    await screen.findByText('Fortune Tiger');
    fireEvent.click(screen.getByRole('button', { name: 'Add Fortune Tiger to favourites' }));
    fireEvent.click(screen.getByRole('button', { name: 'Play Fortune Tiger' }));
    expect(access.requireLogin).toHaveBeenCalledTimes(2);
    expect(
      calls.some((call) => call.path.includes('Favorite') || call.path.includes('launch')),
    ).toBe(false);
  });

  it('lets a member toggle favourites (add and remove) and see the favourites tab', async () => {
    const calls = fakeServer();
    renderLobby({ isLoggedIn: true, canKeepFavourites: true, memberKey: '7' });
    await screen.findByText('Fortune Tiger');
    expect(screen.getByRole('tab', { name: 'Favourites' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Recent' })).toBeTruthy();
    const remove = await screen.findByRole('button', {
      name: 'Remove Mahjong Ways from favourites',
    });
    expect(remove.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Add Fortune Tiger to favourites' }));
    expect(
      await screen.findByRole('button', { name: 'Remove Fortune Tiger from favourites' }),
    ).toBeTruthy();
    fireEvent.click(remove);
    expect(
      await screen.findByRole('button', { name: 'Add Mahjong Ways to favourites' }),
    ).toBeTruthy();

    const add = calls.find((call) => call.path === '/wps/relay/MCSFE_addFavoriteGame');
    expect(add?.body).toEqual({ nodeId: 11, vendor: 'PG', gameType: 'RNG' });
    expect(calls.some((call) => call.path === '/wps/relay/MCSFE_removeFavoriteGame')).toBe(true);
  });

  it('opens the pop-up of a VASSALAGE entry with its sub-games', async () => {
    const calls = fakeServer();
    renderLobby({ isLoggedIn: true, canKeepFavourites: true, memberKey: '7' });
    fireEvent.click(await screen.findByRole('button', { name: 'Play Table hall' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Sub game one')).toBeTruthy();
    expect(calls.some((call) => call.query.get('parentNodeId') === '30')).toBe(true);
    expect(calls.some((call) => call.path === '/wps/game/launchGame')).toBe(false);
  });

  it('launches a game for a member into /game and remembers the slot vendor', async () => {
    const calls = fakeServer();
    renderLobby({ isLoggedIn: true, canKeepFavourites: true, memberKey: '7' });
    fireEvent.click(await screen.findByRole('button', { name: 'Play Fortune Tiger' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/game'));
    const launch = calls.find((call) => call.path === '/wps/game/launchGame');
    expect(launch?.body).toMatchObject({
      nodeId: 11,
      gameId: 'g11',
      vassalage: 'PG',
      accountType: 1,
      confirmTrans: 0,
      launchMode: 'GLS',
      clientType: 3,
      platform: 'html5-desktop',
    });
    expect(window.sessionStorage.getItem('iframeUrl')).toBe('https://games.example/play?t=abc');
    expect(window.sessionStorage.getItem('gameVendor')).toBe('PG');
  });

  it('scrolls for more on a phone: the next page when the end of the list comes into view', async () => {
    const calls = fakeServer();
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
    }));
    const observed: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
          observed.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    renderLobby({}, '/fish');
    expect(await screen.findByText('Fish 42')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    // The last observer made is the list's end (the images' observers come before it).
    act(() => observed.at(-1)?.([{ isIntersecting: true }]));
    expect(await screen.findByText('Fish 84')).toBeTruthy();
    const pages = calls
      .filter((call) => call.query.get('gameType') === 'FISH')
      .map((call) => call.query.get('pageNo'));
    expect(pages).toEqual(['1', '2']);
  });
});
