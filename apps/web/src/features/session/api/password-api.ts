import type { RouteBody } from '@app/contract/client';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { registerSettingsQuery } from '../../../lib/register-settings-query';

/** The merchant's field rules (the password's among them), shared with registration. */
export function useRegisterRules() {
  return useQuery(registerSettingsQuery);
}

export function changePassword(body: RouteBody<'changePassword'>) {
  return callApi('changePassword', { body });
}

/** Sends the reset link; the same answer whether or not an account matched. */
export function forgotPasswordByEmail(body: RouteBody<'forgotPasswordByEmail'>) {
  return callApi('forgotPasswordByEmail', { body });
}

/** The new password of an e-mailed link (its token in the body). */
export function resetPasswordByEmail(body: RouteBody<'resetPasswordByEmail'>) {
  return callApi('resetPasswordByEmail', { body });
}

/** The new password by mobile number and SMS code; answers a session. */
export function resetPasswordByPhone(body: RouteBody<'resetPasswordByPhone'>) {
  return callApi('resetPasswordByPhone', { body });
}
