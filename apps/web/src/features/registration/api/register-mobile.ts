import type { RouteBody } from '@app/contract/client';
import { callApi } from '../../../lib/api-client';

/** Mobile registration (SPEC §2, §4); with `login: true` the server answers a session. */
export function registerMobile(body: RouteBody<'registerMobile'>) {
  return callApi('registerMobile', { body });
}
