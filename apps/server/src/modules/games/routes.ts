import {
  addFavouriteGameCall,
  type CallDefinition,
  favouriteGameIdsCall,
  favouriteGamesCall,
  gameListCall,
  gameMenusCall,
  hotGamesCall,
  newGameVendorCall,
  parseLanguage,
  popularGamesCall,
  pvpRoomListCall,
  rankListCall,
  recentGamesCall,
  removeFavouriteGameCall,
  vassGameTypeCall,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { AnswerCache, CallInput, RegisterCall, SharedAnswer } from '../../http/call-route.js';
import { authOf, requireRealMember } from '../session/index.js';
import { merchantOf } from '../system/index.js';
import type { CatalogueScope, GamesService } from './service.js';

/**
 * The language of names: the call's `language`, else the `Language` header, else the
 * merchant's default game language; names missing in it fall back to that default.
 */
function scopeOf(request: FastifyRequest, language: string | undefined): CatalogueScope {
  const merchant = merchantOf(request);
  return {
    merchantCode: merchant.code,
    language: language ?? parseLanguage(request.headers.language) ?? merchant.defaultGameLanguage,
    defaultLanguage: merchant.defaultGameLanguage,
  };
}

/**
 * The lobby's calls answer the same to every visitor of a merchant in a language: their replies
 * are kept serialized per merchant, language and query in `answers`, which every catalogue change
 * clears on every instance (services.ts `forgetCatalogue`, the NOTIFY of games/admin).
 */
function sharedAnswer<C extends CallDefinition>(
  answers: AnswerCache,
  name: string,
): SharedAnswer<C> {
  return {
    cache: answers,
    keyOf: ({ request, query }: CallInput<C>) => {
      const scope = scopeOf(request, (query as { language?: string } | undefined)?.language);
      return `answer:${name}:${JSON.stringify([scope.merchantCode, scope.language, scope.defaultLanguage, query])}`;
    },
  };
}

/** Every catalogue call except the launch (module `games` launch routes own that one). */
export function registerGamesRoutes(
  registerCall: RegisterCall,
  games: GamesService,
  answers: AnswerCache,
): void {
  registerCall(
    gameMenusCall,
    async ({ request, query }) => games.gameMenus(scopeOf(request, query.language)),
    sharedAnswer(answers, 'menus'),
  );
  registerCall(popularGamesCall, async ({ request, query }) =>
    games.popularGames(scopeOf(request, query.language), query),
  );
  registerCall(
    hotGamesCall,
    async ({ request, query }) => games.hotGames(scopeOf(request, query.language), query),
    sharedAnswer(answers, 'hot'),
  );
  registerCall(
    gameListCall,
    async ({ request, query }) => games.gameList(scopeOf(request, query.language), query),
    sharedAnswer(answers, 'list'),
  );
  registerCall(vassGameTypeCall, async ({ request, query }) =>
    games.vassGameType(scopeOf(request, query.language), query.vassalage),
  );
  registerCall(newGameVendorCall, async ({ request, query }) =>
    games.newGameVendors(scopeOf(request, query.language)),
  );
  // Favourites are kept for real members only (SPEC §6: guests log in, trial accounts register).
  registerCall(favouriteGamesCall, async ({ request, query }) =>
    games.favouriteGames(
      scopeOf(request, query.language),
      requireRealMember(request).memberId,
      query,
    ),
  );
  registerCall(favouriteGameIdsCall, async ({ request }) =>
    games.favouriteGameIds(scopeOf(request, undefined), requireRealMember(request).memberId),
  );
  registerCall(addFavouriteGameCall, async ({ request, body }) =>
    games.addFavourite(scopeOf(request, undefined), requireRealMember(request).memberId, body),
  );
  registerCall(removeFavouriteGameCall, async ({ request, body }) =>
    games.removeFavourite(scopeOf(request, undefined), requireRealMember(request).memberId, body),
  );
  // A trial account plays with its demo balance, so it has recent games too.
  registerCall(recentGamesCall, async ({ request, query }) =>
    games.recentGames(scopeOf(request, query.language), authOf(request).memberId, query),
  );
  registerCall(rankListCall, async ({ request, query }) =>
    games.rankList(scopeOf(request, query.language), query),
  );
  registerCall(pvpRoomListCall, async ({ request, query }) =>
    games.pvpRooms(scopeOf(request, query.language), query),
  );
}
