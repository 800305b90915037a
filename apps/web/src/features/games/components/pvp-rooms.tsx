import { formatAmount } from '@app/contract/client';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePvpRooms } from '../api/games-api';
import type { GameLauncher } from '../hooks/use-game-launcher';

/** The pvp lobby's rooms (SPEC §7 GLS2_roomList): join one to launch its game in that room. */
export function PvpRooms({ launcher }: { launcher: GameLauncher }) {
  const { t } = useTranslation('games');
  const { data } = usePvpRooms(true);
  const rooms = data?.list ?? [];
  if (rooms.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} fz="lg">
        {t('rooms_title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {rooms.map((room) => (
          <Card key={room.roomId} withBorder radius="md" padding="sm" data-testid="pvp-room">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} lineClamp={1}>
                  {room.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('room_stakes', {
                    min: formatAmount(room.minBet),
                    max: formatAmount(room.maxBet),
                  })}
                  {' · '}
                  {t('room_players', { players: room.players, seats: room.seats })}
                </Text>
              </Stack>
              {room.status === 'open' ? (
                <Button
                  size="xs"
                  loading={launcher.pending === room.roomId}
                  onClick={() =>
                    void launcher.launch({
                      nodeId: room.nodeId,
                      vassalage: room.vassalage,
                      gameCode: String(room.nodeId),
                      gameType: 'PVP',
                      roomId: room.roomId,
                    })
                  }
                >
                  {t('join_room')}
                </Button>
              ) : (
                <Badge color="gray">
                  {t(room.status === 'full' ? 'room_full' : 'room_closed')}
                </Badge>
              )}
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
