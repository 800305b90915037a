import type { Game, GameCategory } from '@app/contract/client';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type GameListFilter,
  useFavouriteGames,
  useGameList,
  useInfiniteGameList,
  useRecentGames,
} from '../api/games-api';
import type { GameActions } from '../hooks/use-game-actions';
import { useInfiniteTrigger } from '../hooks/use-infinite-trigger';
import { GameGrid } from './game-grid';
import { Pager } from './pager';

function LobbyLoader() {
  const { t } = useTranslation('common');
  return (
    <Center mih={200} role="status" aria-label={t('loading')}>
      <Loader type="dots" />
    </Center>
  );
}

function EmptyText({ children }: { children: string }) {
  return (
    <Text c="dimmed" ta="center" py="xl">
      {children}
    </Text>
  );
}

function FailedText({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('games');
  return (
    <Stack align="center" py="xl" gap="sm">
      <Text c="red">{t('load_failed')}</Text>
      <Button variant="default" onClick={onRetry}>
        {t('retry')}
      </Button>
    </Stack>
  );
}

interface ListProps {
  actions: GameActions;
  vendorNames: ReadonlyMap<string, string>;
}

/** The catalogue's games for the lobby's filter: pages on desktop, scrolling on phones. */
export function GameListView(props: ListProps & { filter: GameListFilter; infinite: boolean }) {
  return props.infinite ? <InfiniteGames {...props} /> : <PagedGames {...props} />;
}

function PagedGames({ filter, actions, vendorNames }: ListProps & { filter: GameListFilter }) {
  const { t } = useTranslation('games');
  const [page, setPage] = useState(1);
  const filterKey = JSON.stringify(filter);
  // A new filter starts at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the filter
  useEffect(() => setPage(1), [filterKey]);
  const { data, isPending, isError, refetch } = useGameList(filter, page);
  if (isPending) return <LobbyLoader />;
  if (isError) return <FailedText onRetry={() => void refetch()} />;
  if (data.games.length === 0) return <EmptyText>{t('no_games')}</EmptyText>;
  return (
    <>
      <GameGrid games={data.games} actions={actions} vendorNames={vendorNames} />
      <Pager
        page={Math.min(page, data.totalPages)}
        totalPages={data.totalPages}
        onChange={setPage}
      />
    </>
  );
}

function InfiniteGames({ filter, actions, vendorNames }: ListProps & { filter: GameListFilter }) {
  const { t } = useTranslation('games');
  const query = useInfiniteGameList(filter);
  const pages = query.data?.pages ?? [];
  const games = pages.flatMap((page) => page.games);
  const sentinel = useInfiniteTrigger<HTMLDivElement>(
    () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
    query.hasNextPage === true,
    pages.length,
  );
  if (query.isPending) return <LobbyLoader />;
  if (query.isError) return <FailedText onRetry={() => void query.refetch()} />;
  if (games.length === 0) return <EmptyText>{t('no_games')}</EmptyText>;
  return (
    <>
      <GameGrid games={games} actions={actions} vendorNames={vendorNames} />
      <div ref={sentinel} aria-hidden="true" style={{ height: 1 }} />
      {query.isFetchingNextPage && (
        <Center role="status" aria-label={t('load_more')} py="sm">
          <Loader size="sm" type="dots" />
        </Center>
      )}
    </>
  );
}

/** The member's favourites or recent games of the category (SPEC §6: members only). */
export function MemberListView({
  kind,
  gameType,
  actions,
  vendorNames,
}: ListProps & { kind: 'favourites' | 'recent'; gameType: GameCategory }) {
  const { t } = useTranslation('games');
  const [page, setPage] = useState(1);
  const favourites = useFavouriteGames(gameType, page, kind === 'favourites');
  const recent = useRecentGames(gameType, page, kind === 'recent');
  const query = kind === 'favourites' ? favourites : recent;
  if (query.isPending) return <LobbyLoader />;
  if (query.isError) return <FailedText onRetry={() => void query.refetch()} />;
  const games: Game[] =
    kind === 'favourites' ? (favourites.data?.content ?? []) : (recent.data?.list ?? []);
  const totalPages = query.data?.totalPages ?? 0;
  if (games.length === 0) {
    return <EmptyText>{t(kind === 'favourites' ? 'no_favourites' : 'no_recent')}</EmptyText>;
  }
  return (
    <>
      <GameGrid games={games} actions={actions} vendorNames={vendorNames} />
      <Pager page={Math.min(page, totalPages)} totalPages={totalPages} onChange={setPage} />
    </>
  );
}
