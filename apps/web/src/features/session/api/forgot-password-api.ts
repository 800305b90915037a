import type { RouteBody } from '@app/contract/client';
import { callApi } from '../../../lib/api-client';

// Forgot password's calls (the modal's chunk); the e-mailed link's page has reset-link-api.ts,
// so that no chunk is shared between them only for these lines.

/** Sends the reset link; the same answer whether or not an account matched. */
export function forgotPasswordByEmail(body: RouteBody<'forgotPasswordByEmail'>) {
  return callApi('forgotPasswordByEmail', { body });
}

/** The new password by mobile number and SMS code; answers a session. */
export function resetPasswordByPhone(body: RouteBody<'resetPasswordByPhone'>) {
  return callApi('resetPasswordByPhone', { body });
}
