import type { Game } from '@app/contract/client';
import { SimpleGrid } from '@mantine/core';
import type { GameActions } from '../hooks/use-game-actions';
import { GameCard } from './game-card';

interface GameGridProps {
  games: readonly Game[];
  actions: GameActions;
  vendorNames?: ReadonlyMap<string, string>;
}

/** Games in a responsive grid: 3 a row on phones, up to 7 on wide screens. */
export function GameGrid({ games, actions, vendorNames }: GameGridProps) {
  return (
    <SimpleGrid cols={{ base: 3, xs: 4, sm: 4, md: 5, lg: 6, xl: 7 }} spacing="sm">
      {games.map((game) => (
        <GameCard
          key={game.nodeId}
          game={game}
          vendorName={vendorNames?.get(game.vassalage)}
          favourite={actions.favouriteIds.has(game.nodeId)}
          launching={actions.launcher.pending === String(game.nodeId)}
          onOpen={actions.openGame}
          onToggleFavourite={actions.toggleFavourite}
        />
      ))}
    </SimpleGrid>
  );
}
