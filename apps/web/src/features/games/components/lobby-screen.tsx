import type { GameCategory, VendorCategory } from '@app/contract/client';
import { Center, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGameMenus } from '../api/games-api';
import { useGamesTexts } from '../games-texts';
import { CategoryLobby } from './category-lobby';

interface LobbyScreenProps {
  /** The categories of the route (SPEC §2: /elott holds ELOTT and LOTT, the others one). */
  categories: readonly GameCategory[];
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
        <Text c="dimmed">{t('no_games')}</Text>
      )}
    </Stack>
  );
}
