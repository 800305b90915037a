import type { RouteBody } from '@app/contract/client';
import { callApi } from '../../../lib/api-client';

/** A username registration; the server logs the new member in and answers a session. */
export const registerUsername = (body: RouteBody<'register'>) => callApi('register', { body });
