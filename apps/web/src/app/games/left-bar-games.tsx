import GameCategoriesNav from '../../features/games/components/game-categories-nav';
import { AppGamesAccess } from './app-games-access';

/** The left bar's game categories, in a chunk of their own (loaded after the first screen). */
export default function LeftBarGames({ onNavigate }: { onNavigate: () => void }) {
  return (
    <AppGamesAccess>
      <GameCategoriesNav onNavigate={onNavigate} />
    </AppGamesAccess>
  );
}
