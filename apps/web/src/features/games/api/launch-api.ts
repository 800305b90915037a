import type { RouteBody } from '@app/contract/client';
import { callApi } from '../../../lib/api-client';

/** Launches a game: answers the address the /game frame opens. */
export const launchGame = (body: RouteBody<'launchGame'>) => callApi('launchGame', { body });
