import { categoryPaths, SEA_LOTTERY_VASSALAGE, type VendorCategory } from '@app/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { currentLanguageCode } from '../../../lib/i18n';
import { fetchFirstLotteryGame } from '../api/first-game-api';
import { useGameLauncher } from './use-game-launcher';

/**
 * A click on a category of the menus (left bar, home): navigate to its lobby, except the lottery
 * category, which starts the game of its TCG_SEA vendor instead (SPEC §2).
 */
export function useCategoryEntry(): (menu: VendorCategory) => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { launch } = useGameLauncher();
  return useCallback(
    (menu: VendorCategory) => {
      const sea =
        menu.gameCategory === 'LOTT'
          ? menu.cards.find((card) => card.vassalage === SEA_LOTTERY_VASSALAGE)
          : undefined;
      if (!sea) {
        navigate(categoryPaths[menu.gameCategory]);
        return;
      }
      const language = currentLanguageCode();
      void queryClient
        .fetchQuery({
          queryKey: ['games', 'first-of', SEA_LOTTERY_VASSALAGE, language],
          queryFn: () => fetchFirstLotteryGame(SEA_LOTTERY_VASSALAGE, language),
        })
        .then((list) => {
          const game = list.games[0];
          if (game) void launch(game);
          else navigate(categoryPaths[menu.gameCategory]);
        })
        .catch(() => navigate(categoryPaths[menu.gameCategory]));
    },
    [navigate, queryClient, launch],
  );
}
