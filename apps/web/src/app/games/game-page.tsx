import GameFramePage from '../../features/games/components/game-frame-page';
import { HEADER_HEIGHT } from '../layout/layout-sizes';

/** SPEC §2 /game: the launched game under the header. */
export default function GamePage() {
  return <GameFramePage headerHeight={HEADER_HEIGHT} />;
}
