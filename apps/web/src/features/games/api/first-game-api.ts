import { callApi } from '../../../lib/api-client';

/** The first lottery game of a vendor (one of one page), in the given language. */
export const fetchFirstLotteryGame = (vassalage: string, language: string) =>
  callApi('gameList', {
    query: { vassalage, gameType: 'LOTT', pageNo: 1, pageSize: 1, language },
  });
