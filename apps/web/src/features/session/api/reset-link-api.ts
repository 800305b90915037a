import type { RouteBody } from '@app/contract/client';
import { callApi } from '../../../lib/api-client';

/** The new password of an e-mailed reset link (its token in the body). */
export function resetPasswordByEmail(body: RouteBody<'resetPasswordByEmail'>) {
  return callApi('resetPasswordByEmail', { body });
}
