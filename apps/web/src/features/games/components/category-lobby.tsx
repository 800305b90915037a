import { GAME_NAME_SEARCH_MAX_LENGTH, type VendorCategory } from '@app/contract/client';
import { CloseButton, Stack, Tabs, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paintedForPhone } from '../../../lib/painted-layout';
import { readSession, sessionKeys } from '../../../lib/storage';
import { type GameListFilter, useVassGameType } from '../api/games-api';
import { useGamesAccess } from '../games-access';
import {
  ALL_TAB,
  FAVOURITES_TAB,
  hasVendor,
  initialLobbyTab,
  RECENT_TAB,
} from '../hooks/lobby-tab';
import { useGameActions } from '../hooks/use-game-actions';
import { GameActionsHost } from './game-actions-host';
import { GameListView, MemberListView } from './game-list-views';
import { PvpRooms } from './pvp-rooms';

/** Search waits for a pause in typing before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Below Mantine's `sm` breakpoint the lobby scrolls for more instead of paging. */
const PHONE_QUERY = '(max-width: 47.99em)';

const matchesPhone = () => window.matchMedia(PHONE_QUERY).matches;

function subscribePhoneQuery(listener: () => void): () => void {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** One category's lobby: vendor tabs, sub-tabs by classify, search, the list and its pages. */
export function CategoryLobby({ menu }: { menu: VendorCategory }) {
  const { t } = useTranslation('games');
  const { isLoggedIn, canKeepFavourites } = useGamesAccess();
  const [searchParams, setSearchParams] = useSearchParams();
  const [tab, setTab] = useState(() =>
    initialLobbyTab(menu, searchParams.get('page'), readSession(sessionKeys.gameVendor)),
  );
  const [classify, setClassify] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [gameName] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // Read at once, so a phone never asks for the desktop's first page as well; a page painted by
  // the server (WEB_SSR) hydrates in the layout it was painted in (a guess from the request),
  // then follows the screen if the guess was wrong.
  const isPhone = useSyncExternalStore(subscribePhoneQuery, matchesPhone, paintedForPhone);
  const actions = useGameActions();

  // A link to another vendor of this lobby (left bar) changes the query, not the page. The left
  // bar's 'All' drops the vendor from the query: the lobby follows unless the visitor had moved
  // to another tab (favourites, recent) themselves, which also drops it.
  const pageQuery = searchParams.get('page');
  const previousPageQuery = useRef(pageQuery);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the query only
  useEffect(() => {
    const previous = previousPageQuery.current;
    previousPageQuery.current = pageQuery;
    if (hasVendor(menu, pageQuery)) {
      setTab(pageQuery);
      setClassify(null);
    } else if (pageQuery === null && previous !== null && tab === previous) {
      setTab(ALL_TAB);
      setClassify(null);
    }
  }, [pageQuery]);

  const vendor = tab === ALL_TAB || tab === FAVOURITES_TAB || tab === RECENT_TAB ? null : tab;
  const vendorTypes = useVassGameType(vendor);
  const classifies = useMemo(
    () =>
      (vendorTypes.data?.list ?? [])
        .filter((entry) => entry.gameType === menu.gameCategory && entry.gameClassify)
        .map((entry) => entry.gameClassify as string),
    [vendorTypes.data, menu.gameCategory],
  );
  const vendorNames = useMemo(
    () => new Map(menu.cards.map((card) => [card.vassalage, card.name])),
    [menu.cards],
  );
  const memberTab = tab === FAVOURITES_TAB || tab === RECENT_TAB;
  // A member tab that the visitor may no longer see (logged out) falls back to every vendor.
  const shownTab = memberTab && !isLoggedIn ? ALL_TAB : tab;

  const filter: GameListFilter = {
    gameType: menu.gameCategory,
    vassalage: vendor ?? undefined,
    gameClassify: vendor && classify ? classify : undefined,
    gameName: gameName || undefined,
  };

  const selectTab = (value: string | null) => {
    const next = value ?? ALL_TAB;
    setTab(next);
    setClassify(null);
    setSearchParams(
      (params) => {
        const copy = new URLSearchParams(params);
        if (next === ALL_TAB || next === FAVOURITES_TAB || next === RECENT_TAB) copy.delete('page');
        else copy.set('page', next);
        return copy;
      },
      { replace: true },
    );
  };

  return (
    <Stack gap="md">
      {menu.gameCategory === 'PVP' && <PvpRooms launcher={actions.launcher} />}
      <Tabs value={shownTab} onChange={selectTab} keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }} aria-label={t('vendor_tabs')}>
          <Tabs.Tab value={ALL_TAB}>{t('all')}</Tabs.Tab>
          {menu.cards.map((card) => (
            <Tabs.Tab key={card.vassalage} value={card.vassalage}>
              {card.name}
            </Tabs.Tab>
          ))}
          {canKeepFavourites && <Tabs.Tab value={FAVOURITES_TAB}>{t('favourites')}</Tabs.Tab>}
          {isLoggedIn && <Tabs.Tab value={RECENT_TAB}>{t('recent')}</Tabs.Tab>}
        </Tabs.List>
      </Tabs>
      {vendor && classifies.length > 1 && (
        <Tabs
          value={classify ?? ALL_TAB}
          onChange={(value) => setClassify(value === ALL_TAB ? null : value)}
          variant="pills"
        >
          <Tabs.List aria-label={t('classify_tabs')}>
            <Tabs.Tab value={ALL_TAB}>{t('all')}</Tabs.Tab>
            {classifies.map((entry) => (
              <Tabs.Tab key={entry} value={entry}>
                {entry}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      )}
      {!memberTab || !isLoggedIn ? (
        <>
          <TextInput
            type="search"
            aria-label={t('search_label')}
            placeholder={t('search_placeholder')}
            value={search}
            maxLength={GAME_NAME_SEARCH_MAX_LENGTH}
            onChange={(event) => setSearch(event.currentTarget.value)}
            rightSection={
              search ? (
                <CloseButton
                  size="sm"
                  aria-label={t('clear_search')}
                  onClick={() => setSearch('')}
                />
              ) : null
            }
            maw={360}
          />
          <GameListView
            filter={filter}
            infinite={isPhone}
            actions={actions}
            vendorNames={vendorNames}
          />
        </>
      ) : (
        <MemberListView
          kind={tab === FAVOURITES_TAB ? 'favourites' : 'recent'}
          gameType={menu.gameCategory}
          actions={actions}
          vendorNames={vendorNames}
        />
      )}
      <GameActionsHost actions={actions} />
    </Stack>
  );
}
