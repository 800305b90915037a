import type { RouteBody } from '@app/contract/client';
import { callApi } from '../../../lib/api-client';

/** Login by username and password, or by mobile number and SMS code (`type`). */
export function submitLogin(body: RouteBody<'login'>) {
  return callApi('login', { body });
}

/** One-click login with the HttpOnly remember cookie, which the server rotates. */
export function rememberedLogin() {
  return callApi('rememberedLogin');
}

/** "Not you?": the server revokes the remember cookie. */
export function forgetRemembered() {
  return callApi('forgetRemembered');
}
