import { categoryPaths, type GameCategory, gameCategories } from '@app/contract/client';
import { useLocation } from 'react-router';
import LobbyScreen from '../../features/games/components/lobby-screen';
import { AppGamesAccess } from './app-games-access';

/** The categories whose page is this path (SPEC §2: ELOTT and LOTT share /elott). */
function categoriesOf(pathname: string): GameCategory[] {
  const path = pathname.toLowerCase();
  return gameCategories.filter((category) => categoryPaths[category] === path);
}

/** SPEC §2 game lobby, one page for every category route. */
export default function LobbyPage() {
  const { pathname } = useLocation();
  const categories = categoriesOf(pathname);
  return (
    <AppGamesAccess>
      <LobbyScreen key={categories.join()} categories={categories} />
    </AppGamesAccess>
  );
}
