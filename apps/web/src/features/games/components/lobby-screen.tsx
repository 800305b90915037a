import { categoryPaths, type GameCategory, type VendorCategory } from '@app/contract/client';
import {
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGameMenus } from '../api/games-api';
import { useGamesTexts } from '../games-texts';
import { CategoryLobby } from './category-lobby';

interface LobbyScreenProps {
  /** The categories of the route (SPEC §2: /elott holds ELOTT and LOTT, the others one). */
  categories: readonly GameCategory[];
}

/**
 * A lobby the merchant has no games in (a direct visit: menus and banners leave it out). Says
 * so, and offers the lobbies that do have games, and home.
 */
function EmptyLobby({ category, open }: { category: string; open: readonly VendorCategory[] }) {
  const { t } = useTranslation('games');
  const paths = [...new Set(open.map((menu) => categoryPaths[menu.gameCategory]))];
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="lobby-empty">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="lg">
          {t('lobby_empty_title', { category })}
        </Title>
        <Text c="dimmed">{t(paths.length > 0 ? 'lobby_empty_text' : 'lobby_empty_none')}</Text>
        <Group gap="xs">
          {paths.map((path) => {
            const menu = open.find((entry) => categoryPaths[entry.gameCategory] === path);
            return (
              <Button key={path} component={Link} to={path} variant="light">
                {t(`category.${menu?.gameCategory}`)}
              </Button>
            );
          })}
          <Button component={Link} to="/" variant="default">
            {t('lobby_empty_home')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The game lobby of SPEC §2: one screen for every category route. Only categories with a vendor
 * are shown; a route with two (/elott) gets a switch between them.
 */
export default function LobbyScreen({ categories }: LobbyScreenProps) {
  useGamesTexts();
  const { t } = useTranslation('games');
  const menus = useGameMenus();
  const available: VendorCategory[] = (menus.data ?? []).filter(
    (menu) => categories.includes(menu.gameCategory) && menu.cards.length > 0,
  );
  const [chosen, setChosen] = useState<GameCategory | null>(null);
  const menu = available.find((entry) => entry.gameCategory === chosen) ?? available[0];
  const title = t(`category.${menu?.gameCategory ?? categories[0]}`);

  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 22, sm: 28 }}>
        {title}
      </Title>
      {available.length > 1 && (
        <SegmentedControl
          value={menu?.gameCategory}
          onChange={(value) => setChosen(value as GameCategory)}
          data={available.map((entry) => ({
            value: entry.gameCategory,
            label: t(`category.${entry.gameCategory}`),
          }))}
        />
      )}
      {menus.isPending ? (
        <Center mih={240}>
          <Loader type="dots" />
        </Center>
      ) : menus.isError ? (
        <Text c="red">{t('load_failed')}</Text>
      ) : menu ? (
        <CategoryLobby key={menu.gameCategory} menu={menu} />
      ) : (
        <EmptyLobby
          category={title}
          open={(menus.data ?? []).filter((entry) => entry.cards.length > 0)}
        />
      )}
    </Stack>
  );
}
