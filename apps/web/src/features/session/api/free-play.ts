import { callApi } from '../../../lib/api-client';

/** A new trial account with play money (SPEC §2 "Free demo"), from the web platform. */
export function startFreePlay() {
  return callApi('freePlayLogin', { body: { platform: 'W' } });
}
