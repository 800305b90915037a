import type { Game } from '@app/contract/client';
import { ActionIcon, Badge, Box, Card, Group, Loader, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LazyGameImage } from './lazy-game-image';

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 20s-7-4.4-9.2-9A5 5 0 0 1 12 6a5 5 0 0 1 9.2 5c-2.2 4.6-9.2 9-9.2 9z" />
    </svg>
  );
}

interface GameCardProps {
  game: Game;
  /** The vendor's display name, when the menus know it. */
  vendorName?: string;
  favourite: boolean;
  launching: boolean;
  onOpen: (game: Game) => void;
  onToggleFavourite: (game: Game, favourite: boolean) => void;
}

/** A game of a lobby: icon, name, vendor, hot/new badges and the favourite heart. */
export function GameCard({
  game,
  vendorName,
  favourite,
  launching,
  onOpen,
  onToggleFavourite,
}: GameCardProps) {
  const { t } = useTranslation('games');
  return (
    <Card padding={0} radius="md" withBorder data-testid="game-card" data-node-id={game.nodeId}>
      <Box pos="relative">
        <UnstyledButton
          onClick={() => onOpen(game)}
          aria-label={`${t('play')} ${game.gameName}`}
          display="block"
          w="100%"
        >
          <LazyGameImage src={game.iconUrl} alt="" />
        </UnstyledButton>
        <Group gap={4} pos="absolute" top={6} left={6} style={{ pointerEvents: 'none' }}>
          {game.isHot && (
            <Badge size="xs" color="red" variant="filled">
              {t('hot')}
            </Badge>
          )}
          {game.isNew && (
            <Badge size="xs" color="teal" variant="filled">
              {t('new')}
            </Badge>
          )}
        </Group>
        <ActionIcon
          pos="absolute"
          top={6}
          right={6}
          radius="xl"
          variant="filled"
          color={favourite ? 'red' : 'dark'}
          aria-pressed={favourite}
          aria-label={t(favourite ? 'remove_favourite' : 'add_favourite', { name: game.gameName })}
          onClick={() => onToggleFavourite(game, favourite)}
        >
          <HeartIcon filled={favourite} />
        </ActionIcon>
        {launching && (
          <Box
            pos="absolute"
            inset={0}
            display="flex"
            style={{
              alignItems: 'center',
              justifyContent: 'center',
              background: 'rgba(0,0,0,0.4)',
            }}
          >
            <Loader size="sm" color="white" />
          </Box>
        )}
      </Box>
      <Box px="xs" py={6}>
        <Text size="sm" fw={600} lineClamp={1} title={game.gameName}>
          {game.gameName}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {vendorName ?? game.vassalage}
        </Text>
      </Box>
    </Card>
  );
}
