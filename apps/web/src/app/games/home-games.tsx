import HomeGameRows from '../../features/games/components/home-game-rows';
import { AppGamesAccess } from './app-games-access';

/** The home page's game rows, in a chunk of their own. */
export default function HomeGames() {
  return (
    <AppGamesAccess>
      <HomeGameRows />
    </AppGamesAccess>
  );
}
