import {
  adminCreateGameCall,
  adminGamesCall,
  adminGameVendorsCall,
  adminPvpRoomsCall,
  adminUpdateGameCall,
  adminUpdateGameVendorCall,
  adminUpdatePvpRoomCall,
  adminUploadGameIconCall,
  GAME_ICON_PATH_PREFIX,
  type Permission,
  roleAllows,
} from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../http/app-error.js';
import type { RegisterCall } from '../../../http/call-route.js';
import type { GamesActor, GamesAdminService } from './service.js';

/** The operator behind the call (the guard checked the permission already; checked again here). */
function actorOf(request: FastifyRequest, permission: Permission): GamesActor {
  const operator = request.operator;
  if (!operator) throw new AppError('SESSION_REQUIRED');
  if (!roleAllows(operator.role, permission)) throw new AppError('FORBIDDEN');
  return {
    merchantCode: operator.merchantCode,
    operatorId: operator.id,
    operatorUsername: operator.username,
    operatorRole: operator.role,
    ip: request.ip,
    languages: request.merchant?.supportedLanguages ?? [],
  };
}

/** The console's Games calls (registered with the operator guard: a permission per call). */
export function registerGamesAdminRoutes(
  registerAdminCall: RegisterCall,
  games: GamesAdminService,
): void {
  registerAdminCall(adminGameVendorsCall, async ({ request }) =>
    games.vendors(actorOf(request, 'games:read')),
  );
  registerAdminCall(adminGamesCall, async ({ request, query }) => {
    const { cursor, limit, vassalage, gameType, enabled, search } = query;
    return games.games(
      actorOf(request, 'games:read'),
      {
        ...(vassalage ? { vassalage } : {}),
        ...(gameType ? { gameType } : {}),
        ...(enabled === undefined ? {} : { enabled }),
        ...(search ? { search } : {}),
      },
      { cursor, limit },
    );
  });
  registerAdminCall(adminUpdateGameVendorCall, async ({ request, body }) => {
    const { vassalage, ...flags } = body;
    return games.updateVendor(actorOf(request, 'games:edit'), vassalage, flags);
  });
  registerAdminCall(adminUpdateGameCall, async ({ request, body }) => {
    const { nodeId, ...update } = body;
    return games.updateGame(actorOf(request, 'games:edit'), nodeId, update);
  });
}

/** Registers the icon upload, new games and the PvP rooms' calls (same guard as above). */
export function registerGamesCatalogueAdminRoutes(
  registerAdminCall: RegisterCall,
  games: GamesAdminService,
): void {
  registerAdminCall(adminUploadGameIconCall, async ({ request, body }) =>
    games.uploadIcon(actorOf(request, 'games:edit'), body.imageBase64),
  );
  registerAdminCall(adminCreateGameCall, async ({ request, body }) =>
    games.createGame(actorOf(request, 'games:edit'), body),
  );
  registerAdminCall(adminPvpRoomsCall, async ({ request }) =>
    games.pvpRooms(actorOf(request, 'games:read')),
  );
  registerAdminCall(adminUpdatePvpRoomCall, async ({ request, body }) => {
    const { roomId, ...room } = body;
    return games.updatePvpRoom(actorOf(request, 'games:edit'), roomId, room);
  });
}

/** A year: an icon's address names its bytes (a new upload is a new id), so it never changes. */
export const GAME_ICON_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MIME_BY_KIND = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as const;

/**
 * Uploaded game icons, public like the lobby that shows them: `/games/icons/<uuid>`. The bytes
 * were re-encoded on upload; `nosniff` and the exact type keep them an image.
 */
export function registerGameIconRoute(app: FastifyInstance, games: GamesAdminService): void {
  app.get(`${GAME_ICON_PATH_PREFIX}:iconId`, async (request, reply) => {
    const { iconId } = request.params as { iconId: string };
    const icon = UUID.test(iconId) ? await games.icon(iconId) : undefined;
    if (!icon) throw new AppError('NOT_FOUND');
    return reply
      .header('Content-Type', MIME_BY_KIND[icon.kind])
      .header('Cache-Control', `public, max-age=${GAME_ICON_MAX_AGE_SECONDS}, immutable`)
      .header('X-Content-Type-Options', 'nosniff')
      .send(icon.bytes);
  });
}
