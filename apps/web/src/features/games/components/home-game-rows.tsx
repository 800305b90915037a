import { formatAmount, type Game, type VendorCategory } from '@app/contract/client';
import {
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGameMenus, useHotGames, usePopularGames, useRankList } from '../api/games-api';
import { useGamesTexts } from '../games-texts';
import { useCategoryEntry } from '../hooks/use-category-entry';
import { useGameActions } from '../hooks/use-game-actions';
import { GameActionsHost } from './game-actions-host';
import { GameGrid } from './game-grid';

/** A home row shows at most this many games (two rows of the widest grid). */
export const HOME_ROW_GAMES_MAX = 14;

function CategoriesRow({ menus }: { menus: VendorCategory[] }) {
  const { t } = useTranslation('games');
  const enter = useCategoryEntry();
  return (
    <section aria-labelledby="home-categories">
      <Title order={2} fz="lg" mb="sm" id="home-categories">
        {t('categories')}
      </Title>
      <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="sm">
        {menus.map((menu) => (
          <UnstyledButton key={menu.gameCategory} onClick={() => enter(menu)}>
            <Paper
              withBorder
              radius="md"
              p="md"
              style={{
                backgroundImage:
                  'linear-gradient(135deg, var(--mantine-primary-color-light) 0%, transparent 80%)',
              }}
            >
              <Text fw={700}>{t(`category.${menu.gameCategory}`)}</Text>
              <Text size="xs" c="dimmed" lineClamp={1}>
                {menu.cards.map((card) => card.name).join(' · ')}
              </Text>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </section>
  );
}

interface GamesRowProps {
  id: string;
  title: string;
  games: readonly Game[];
  vendorNames: ReadonlyMap<string, string>;
}

function GamesRow({ id, title, games, vendorNames }: GamesRowProps) {
  const actions = useGameActions();
  if (games.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <Title order={2} fz="lg" mb="sm" id={id}>
        {title}
      </Title>
      <GameGrid
        games={games.slice(0, HOME_ROW_GAMES_MAX)}
        actions={actions}
        vendorNames={vendorNames}
      />
      <GameActionsHost actions={actions} />
    </section>
  );
}

function WinnerBoard() {
  const { t } = useTranslation('games');
  const { data } = useRankList();
  const list = data?.list ?? [];
  return (
    <section aria-labelledby="home-winners">
      <Title order={2} fz="lg" mb="sm" id="home-winners">
        {t('winner_board')}
      </Title>
      {list.length === 0 ? (
        <Text c="dimmed">{t('winner_board_empty')}</Text>
      ) : (
        <ScrollArea>
          <Table striped withTableBorder>
            <Table.Tbody>
              {list.map((entry, index) => (
                <Table.Tr key={`${entry.account}-${entry.wonAt}-${entry.nodeId}`}>
                  <Table.Td w={32}>{index + 1}</Table.Td>
                  <Table.Td>{entry.account}</Table.Td>
                  <Table.Td>{entry.gameName}</Table.Td>
                  <Table.Td ta="right" fw={700} c="teal">
                    {formatAmount(entry.winAmount)}
                  </Table.Td>
                  <Table.Td ta="right" c="dimmed">
                    {t('win_multiplier', { multiplier: entry.multiplier })}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </section>
  );
}

/** The home page's game rows (SPEC §2 home): categories, hot, popular, the winner board. */
export default function HomeGameRows() {
  useGamesTexts();
  const { t } = useTranslation('games');
  const { data: menuData } = useGameMenus();
  const menus = useMemo(() => (menuData ?? []).filter((menu) => menu.cards.length > 0), [menuData]);
  const vendorNames = useMemo(
    () => new Map(menus.flatMap((menu) => menu.cards.map((card) => [card.vassalage, card.name]))),
    [menus],
  );
  const hot = useHotGames().data?.list ?? [];
  const popular = usePopularGames().data?.list ?? [];
  return (
    <Stack gap="xl">
      {menus.length > 0 && <CategoriesRow menus={menus} />}
      <GamesRow id="home-hot" title={t('hot_games')} games={hot} vendorNames={vendorNames} />
      <GamesRow
        id="home-popular"
        title={t('popular_games')}
        games={popular}
        vendorNames={vendorNames}
      />
      <WinnerBoard />
    </Stack>
  );
}
