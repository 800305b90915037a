import {
  type LotteryArea,
  type LotteryGame,
  lotteryAreaPaths,
  lotteryPrizeModes,
} from '@app/contract/client';
import { Alert, Center, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  lotteryKeys,
  useCurrentDraw,
  useLotteryMenu,
  useMenuFollowsOpenDraw,
  useRecentLotteryGames,
  useTrend,
} from '../api/lottery-api';
import { useDrawEvents } from '../hooks/use-draw-events';
import { useLotteryFavourites } from '../hooks/use-lottery-favourites';
import { useLotteryAccess } from '../lottery-access';
import { BetSlip } from './bet-slip';
import { DrawPanel } from './draw-panel';
import { GameMenu, type MenuSection } from './game-menu';
import classes from './lottery-screen.module.css';
import { ResultView } from './results/result-view';

// Below the first screen, each in a chunk of its own.
const DrawHistory = lazy(() => import('./draw-history'));
const TrendChart = lazy(() => import('./trend-chart'));
const MyBets = lazy(() => import('./my-bets'));

/** After a countdown reaches zero, ask again a little later: the server moves on its own job. */
const TIME_UP_REFETCH_DELAY_MS = 1500;
/** A safety net under the realtime push: draws are re-read this often anyway. */
const DRAW_POLL_MS = 30_000;

type InfoTab = 'history' | 'trend' | 'bets';

function menuSections(
  games: LotteryGame[],
  favourites: readonly string[],
  recent: LotteryGame[],
): MenuSection[] {
  const sections: MenuSection[] = [];
  const favouriteGames = games.filter((game) => favourites.includes(game.gameCode));
  if (favouriteGames.length > 0) {
    sections.push({ key: 'favourites', title: 'favourites', games: favouriteGames });
  }
  const recentHere = recent.filter((game) => games.some((own) => own.gameCode === game.gameCode));
  if (recentHere.length > 0) sections.push({ key: 'recent', title: 'recent', games: recentHere });
  for (const mode of lotteryPrizeModes) {
    const list = games.filter((game) => game.prizeMode === mode);
    if (list.length > 0) sections.push({ key: mode, title: mode, games: list });
  }
  return sections;
}

/**
 * One lottery page (SPEC §2 /lottery, /seaLottery, /vnLottery): the games of its area, the
 * chosen game's draw with its countdown, the latest result, the bet slip, and below history,
 * trend chart and the member's bets. Draw changes arrive over the WebSocket.
 */
export default function LotteryScreen({ area }: { area: LotteryArea }) {
  const { t } = useTranslation('lottery');
  const access = useLotteryAccess();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const menu = useLotteryMenu(area);
  const recent = useRecentLotteryGames(access.isLoggedIn ? access.username : null);
  const { favourites, toggle } = useLotteryFavourites(access.username);
  const [tab, setTab] = useState<InfoTab>('history');

  const games = menu.data ?? [];
  const requested = searchParams.get('gameCode');
  const game =
    games.find((entry) => entry.gameCode === requested) ??
    games.find((entry) => favourites.includes(entry.gameCode)) ??
    games[0] ??
    null;
  const gameCode = game?.gameCode ?? null;
  const pathOf = useCallback(
    (code: string) => `${lotteryAreaPaths[area]}?gameCode=${encodeURIComponent(code)}`,
    [area],
  );

  // An unknown or missing game code becomes the game shown, so the address can be shared.
  useEffect(() => {
    if (gameCode && gameCode !== requested) navigate(pathOf(gameCode), { replace: true });
  }, [gameCode, requested, navigate, pathOf]);

  const draw = useCurrentDraw(gameCode);
  useMenuFollowsOpenDraw(draw.data?.current?.drawId ?? null);
  const refreshDraws = useCallback(() => {
    if (!gameCode) return;
    void queryClient.invalidateQueries({ queryKey: lotteryKeys.game(gameCode) });
  }, [gameCode, queryClient]);
  const onTimeUp = useCallback(() => {
    const timer = window.setTimeout(refreshDraws, TIME_UP_REFETCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [refreshDraws]);
  useEffect(() => {
    const timer = window.setInterval(refreshDraws, DRAW_POLL_MS);
    return () => window.clearInterval(timer);
  }, [refreshDraws]);
  useDrawEvents(
    gameCode,
    (event) => {
      refreshDraws();
      if (event.type === 'settled' || event.type === 'void') {
        void queryClient.invalidateQueries({ queryKey: lotteryKeys.member(access.username) });
        access.onBalanceChanged();
      }
    },
    refreshDraws,
  );
  // A draw drawn or settled since the last look (pushed or polled): the member's bets and
  // balance may have moved.
  const lastDrawState = draw.data?.last
    ? `${draw.data.last.drawId}:${draw.data.last.status}`
    : null;
  const { onBalanceChanged, username } = access;
  useEffect(() => {
    if (lastDrawState === null) return;
    void queryClient.invalidateQueries({ queryKey: lotteryKeys.member(username) });
    onBalanceChanged();
  }, [lastDrawState, queryClient, username, onBalanceChanged]);
  const trend = useTrend(gameCode ?? '', gameCode !== null && tab === 'trend');

  const toggleFavourite = (code: string) => {
    if (!access.isLoggedIn || !access.username) access.requireLogin();
    else toggle(code);
  };
  const sections = useMemo(
    () => menuSections(games, favourites, recent.data?.list ?? []),
    [games, favourites, recent.data],
  );

  if (menu.isPending) {
    return (
      <Center p="xl">
        <Loader role="status" aria-label={t('loading')} />
      </Center>
    );
  }
  if (menu.isError) return <Alert color="red">{t('load_failed')}</Alert>;
  if (!game) return <Text c="dimmed">{t('no_games')}</Text>;

  const last = draw.data?.last ?? null;
  const current = draw.data?.current ?? null;
  return (
    <div className={classes.layout} data-testid="lottery-screen" data-area={area}>
      <GameMenu
        sections={sections}
        activeCode={game.gameCode}
        favourites={favourites}
        onToggleFavourite={toggleFavourite}
        pathOf={pathOf}
      />
      <div className={classes.main}>
        <Title order={1} size="h2">
          {game.gameName}
        </Title>
        <div className={classes.top}>
          <Stack gap="md" className={classes.draw}>
            <div className={classes.countdownBar}>
              {draw.data ? (
                <DrawPanel
                  current={current}
                  next={draw.data.next}
                  offsetMs={draw.data.offsetMs}
                  onTimeUp={onTimeUp}
                />
              ) : (
                <Loader size="sm" role="status" aria-label={t('loading')} />
              )}
            </div>
            <Paper withBorder p="md" data-testid="latest-result">
              <Stack gap="sm">
                <Title order={2} size="h5">
                  {last ? t('latest_result', { drawNo: last.drawNo }) : t('no_result_yet')}
                </Title>
                {last?.result && (
                  <ResultView format={game.format} result={last.result} withHeads={false} />
                )}
              </Stack>
            </Paper>
          </Stack>
          <div className={classes.slip}>
            <BetSlip game={game} draw={current} key={game.gameCode} />
          </div>
          <Tabs
            className={classes.info}
            value={tab}
            onChange={(value) => setTab((value as InfoTab) ?? 'history')}
            keepMounted={false}
          >
            <Tabs.List>
              <Tabs.Tab value="history">{t('tab_history')}</Tabs.Tab>
              <Tabs.Tab value="trend">{t('tab_trend')}</Tabs.Tab>
              <Tabs.Tab value="bets">{t('tab_my_bets')}</Tabs.Tab>
            </Tabs.List>
            <Suspense fallback={<Loader size="sm" role="status" aria-label={t('loading')} />}>
              <Tabs.Panel value="history" pt="md">
                <DrawHistory gameCode={game.gameCode} format={game.format} />
              </Tabs.Panel>
              <Tabs.Panel value="trend" pt="md">
                {trend.data ? (
                  <TrendChart
                    positions={trend.data.positions.map((position) => ({
                      frequency: position.values.map((value) => value.frequency),
                      missing: position.values.map((value) => value.missing),
                      labels: position.values.map((value) => value.value),
                    }))}
                    draws={trend.data.draws.length}
                  />
                ) : (
                  <Loader size="sm" role="status" aria-label={t('loading')} />
                )}
              </Tabs.Panel>
              <Tabs.Panel value="bets" pt="md">
                <MyBets
                  gameCode={game.gameCode}
                  cancelAllowed={game.cancelAllowed}
                  openDrawId={current?.status === 'open' ? current.drawId : null}
                />
              </Tabs.Panel>
            </Suspense>
          </Tabs>
        </div>
      </div>
    </div>
  );
}
