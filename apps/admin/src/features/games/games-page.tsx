import { type GameCategory, gameCategories } from '@app/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Image,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { MissingLanguages } from '../../components/missing-languages';
import { useCan } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { formatAmount } from '../../lib/format';
import {
  type AdminGame,
  type AdminGameVendor,
  type AdminPvpRoom,
  type GamesFilter,
  gamePages,
  roomPages,
  useGameVendors,
  useUpdateGame,
  useUpdateGameVendor,
  vendorPages,
} from './api/games-calls';
import { FlagSwitch, type GameFlag, GameNamesModal, SortOrderInput } from './games-ui';
import { useGamesTexts } from './texts';

const NewGameModal = lazy(() => import('./new-game-modal'));
const GameDetailsModal = lazy(() => import('./game-details-modal'));
const RoomModal = lazy(() => import('./room-modal'));

const flags: readonly GameFlag[] = ['enabled', 'isHot', 'isNew'];

function roomColumns(
  t: TFunction,
  language: string,
  canEdit: boolean,
  onEdit: (room: AdminPvpRoom) => void,
): DataTableColumn<AdminPvpRoom>[] {
  const code = language.toUpperCase();
  return [
    {
      key: 'room',
      header: t('rooms.room'),
      cell: (room) => (
        <>
          <Text size="sm">{room.names[code] ?? room.names.EN ?? room.roomId}</Text>
          <Text size="xs" c="dimmed">
            {room.roomId}
          </Text>
        </>
      ),
    },
    { key: 'game', header: t('games.game'), cell: (room) => room.gameCode },
    { key: 'seats', header: t('rooms.seats'), align: 'right', cell: (room) => room.seats },
    {
      key: 'minBet',
      header: t('rooms.minBet'),
      align: 'right',
      cell: (room) => formatAmount(room.minBet),
    },
    {
      key: 'maxBet',
      header: t('rooms.maxBet'),
      align: 'right',
      cell: (room) => formatAmount(room.maxBet),
    },
    {
      key: 'state',
      header: t('filters.state'),
      cell: (room) => (
        <Badge variant="light" color={room.enabled ? 'green' : 'gray'} data-testid="room-state">
          {room.enabled ? t('common.on') : t('common.off')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: '',
      cell: (room) =>
        canEdit && (
          <Button size="xs" variant="light" onClick={() => onEdit(room)} data-testid="room-edit">
            {t('rooms.edit')}
          </Button>
        ),
    },
  ];
}

/** The name shown in the list: the console's language, else English, else any, else the code. */
function displayName(game: AdminGame, language: string): string {
  const code = language.toUpperCase();
  return game.names[code] ?? game.names.EN ?? Object.values(game.names)[0] ?? game.gameCode;
}

function vendorColumns(
  t: TFunction,
  canEdit: boolean,
  update: ReturnType<typeof useUpdateGameVendor>,
): DataTableColumn<AdminGameVendor>[] {
  return [
    {
      key: 'vendor',
      header: t('vendors.vendor'),
      cell: (vendor) => (
        <>
          <Text size="sm">{vendor.name}</Text>
          <Text size="xs" c="dimmed">
            {vendor.vassalage}
          </Text>
        </>
      ),
    },
    {
      key: 'provider',
      header: t('vendors.provider'),
      cell: (vendor) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm">{vendor.providerName}</Text>
          <Badge variant="light" color={vendor.providerEnabled ? 'green' : 'gray'}>
            {vendor.providerEnabled ? t('common.on') : t('common.off')}
          </Badge>
        </Group>
      ),
    },
    { key: 'games', header: t('vendors.games'), align: 'right', cell: (v) => v.gameCount },
    ...flags.map((flag) => ({
      key: flag,
      header: t(`flags.${flag}`),
      cell: (vendor: AdminGameVendor) => (
        <FlagSwitch
          flag={flag}
          checked={vendor[flag]}
          canEdit={canEdit}
          pending={update.isPending}
          onChange={(checked) => update.mutate({ vassalage: vendor.vassalage, [flag]: checked })}
          testId={`vendor-${flag}`}
        />
      ),
    })),
    {
      key: 'sortOrder',
      header: t('flags.sortOrder'),
      cell: (vendor) => (
        <SortOrderInput
          key={vendor.sortOrder}
          value={vendor.sortOrder}
          canEdit={canEdit}
          onSave={(sortOrder) => update.mutate({ vassalage: vendor.vassalage, sortOrder })}
        />
      ),
    },
  ];
}

function gameColumns(
  t: TFunction,
  language: string,
  canEdit: boolean,
  update: ReturnType<typeof useUpdateGame>,
  onNames: (game: AdminGame) => void,
  onDetails: (game: AdminGame) => void,
): DataTableColumn<AdminGame>[] {
  return [
    {
      key: 'game',
      header: t('games.game'),
      cell: (game) => (
        <Group gap="sm" wrap="nowrap">
          <Image src={game.iconUrl} w={36} h={36} radius="sm" alt="" />
          <div>
            <Text size="sm" data-testid="game-name">
              {displayName(game, language)}
            </Text>
            <Text size="xs" c="dimmed">
              {game.gameCode}
            </Text>
            <MissingLanguages
              languages={game.missingLanguages}
              label={(languages) => t('games.missingLanguages', { languages })}
              hint={t('games.missingLanguagesHint')}
            />
          </div>
        </Group>
      ),
    },
    { key: 'vendor', header: t('games.vendor'), cell: (game) => game.vassalage },
    {
      key: 'category',
      header: t('games.category'),
      cell: (game) => t(`categories.${game.gameType}`, { defaultValue: game.gameType }),
    },
    ...flags.map((flag) => ({
      key: flag,
      header: t(`flags.${flag}`),
      cell: (game: AdminGame) => (
        <FlagSwitch
          flag={flag}
          checked={game[flag]}
          canEdit={canEdit}
          pending={update.isPending}
          onChange={(checked) => update.mutate({ nodeId: game.nodeId, [flag]: checked })}
          testId={`game-${flag}`}
        />
      ),
    })),
    {
      key: 'sortOrder',
      header: t('flags.sortOrder'),
      cell: (game) => (
        <SortOrderInput
          key={game.sortOrder}
          value={game.sortOrder}
          canEdit={canEdit}
          onSave={(sortOrder) => update.mutate({ nodeId: game.nodeId, sortOrder })}
        />
      ),
    },
    {
      key: 'names',
      header: '',
      cell: (game) =>
        canEdit && (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="light"
              onClick={() => onNames(game)}
              data-testid="game-names"
            >
              {t('games.names')}
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => onDetails(game)}
              data-testid="game-details"
            >
              {t('games.details')}
            </Button>
          </Group>
        ),
    },
  ];
}

function GameFilters({
  filter,
  vendors,
  onChange,
}: {
  filter: GamesFilter;
  vendors: readonly AdminGameVendor[];
  onChange: (filter: GamesFilter) => void;
}) {
  const { t } = useGamesTexts();
  const [search, setSearch] = useState(filter.search);
  return (
    <Group align="flex-end">
      <NativeSelect
        label={t('games.vendor')}
        value={filter.vassalage}
        onChange={(event) => onChange({ ...filter, vassalage: event.currentTarget.value })}
        data={[
          { value: '', label: t('filters.all') },
          ...vendors.map((vendor) => ({ value: vendor.vassalage, label: vendor.name })),
        ]}
        data-testid="games-filter-vendor"
      />
      <NativeSelect
        label={t('games.category')}
        value={filter.gameType}
        onChange={(event) =>
          onChange({ ...filter, gameType: event.currentTarget.value as GameCategory | '' })
        }
        data={[
          { value: '', label: t('filters.all') },
          ...gameCategories.map((category) => ({
            value: category,
            label: t(`categories.${category}`),
          })),
        ]}
        data-testid="games-filter-category"
      />
      <NativeSelect
        label={t('filters.state')}
        value={filter.enabled}
        onChange={(event) =>
          onChange({ ...filter, enabled: event.currentTarget.value as GamesFilter['enabled'] })
        }
        data={[
          { value: '', label: t('filters.all') },
          { value: 'true', label: t('filters.enabled') },
          { value: 'false', label: t('filters.disabled') },
        ]}
        data-testid="games-filter-state"
      />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onChange({ ...filter, search });
        }}
      >
        <Group gap="xs" align="flex-end">
          <TextInput
            label={t('filters.search')}
            placeholder={t('filters.searchHint')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            data-testid="games-search"
          />
          <Button type="submit" variant="default" data-testid="games-search-submit">
            {t('filters.find')}
          </Button>
        </Group>
      </form>
    </Group>
  );
}

export default function GamesPage() {
  const { t, i18n } = useGamesTexts();
  const can = useCan();
  const canEdit = can('games:edit');
  const vendors = useGameVendors();
  const updateVendor = useUpdateGameVendor();
  const updateGame = useUpdateGame();
  const [filter, setFilter] = useState<GamesFilter>({
    vassalage: '',
    gameType: '',
    enabled: '',
    search: '',
  });
  const [naming, setNaming] = useState<AdminGame | null>(null);
  const [detailing, setDetailing] = useState<AdminGame | null>(null);
  const [creating, setCreating] = useState(false);
  const [room, setRoom] = useState<AdminPvpRoom | null>(null);
  const pages = gamePages(filter);
  const vendorList = vendors.data?.list ?? [];
  const failure = updateVendor.error ?? updateGame.error ?? vendors.error;
  return (
    <Stack>
      <Title order={2}>{t('title')}</Title>
      {failure && <Alert color="red">{errorText(t, failure)}</Alert>}
      <Title order={4}>{t('vendors.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('vendors.providersReadOnly')}
      </Text>
      <DataTable
        columns={vendorColumns(t, canEdit, updateVendor)}
        rowKey={(vendor) => vendor.vassalage}
        rowProps={(vendor) => ({ 'data-testid': 'vendor-row', 'data-vassalage': vendor.vassalage })}
        queryKey={vendorPages.queryKey}
        fetchPage={vendorPages.fetchPage}
        emptyText={t('vendors.empty')}
        minWidth={820}
        testId="vendors-table"
      />
      <Group justify="space-between">
        <Title order={4}>{t('games.title')}</Title>
        {canEdit && vendorList.length > 0 && (
          <Button size="xs" onClick={() => setCreating(true)} data-testid="new-game">
            {t('create.open')}
          </Button>
        )}
      </Group>
      <GameFilters filter={filter} vendors={vendorList} onChange={setFilter} />
      <DataTable
        columns={gameColumns(t, i18n.language, canEdit, updateGame, setNaming, setDetailing)}
        rowKey={(game) => game.nodeId}
        rowProps={(game) => ({
          'data-testid': 'game-row',
          'data-game-code': game.gameCode,
          'data-enabled': String(game.enabled),
        })}
        queryKey={pages.queryKey}
        fetchPage={pages.fetchPage}
        emptyText={t('games.empty')}
        emptyTestId="games-empty"
        minWidth={960}
        testId="games-table"
      />
      <Title order={4}>{t('rooms.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('rooms.hint')}
      </Text>
      <DataTable
        columns={roomColumns(t, i18n.language, canEdit, setRoom)}
        rowKey={(row) => row.roomId}
        rowProps={(row) => ({ 'data-testid': 'room-row', 'data-room-id': row.roomId })}
        queryKey={roomPages.queryKey}
        fetchPage={roomPages.fetchPage}
        emptyText={t('rooms.empty')}
        minWidth={820}
        testId="rooms-table"
      />
      {naming && <GameNamesModal game={naming} onClose={() => setNaming(null)} />}
      <Suspense fallback={null}>
        {creating && <NewGameModal vendors={vendorList} onClose={() => setCreating(false)} />}
        {detailing && <GameDetailsModal game={detailing} onClose={() => setDetailing(null)} />}
        {room && <RoomModal room={room} onClose={() => setRoom(null)} />}
      </Suspense>
    </Stack>
  );
}
