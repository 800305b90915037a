import type { RouteQuery } from '@app/contract/client';
import { callApi } from '../../../lib/api-client';

/** The address of the customer-service chat for one service entry (SPEC §8). */
export const fetchChatUrl = (query: RouteQuery<'chatUrl'>) => callApi('chatUrl', { query });
