import type { RouteBody } from '@app/contract/client';
import { callApi } from '../lib/api-client';

/** The two calls that send an SMS code: registration, and login or forgot password. */
export type SmsSendCall = 'smsRegister' | 'smsNoLogin';

/** Sends a code to the number (`components/sms-code-field.tsx`); answers how long it lives. */
export const sendSmsCode = (call: SmsSendCall, body: RouteBody<SmsSendCall>) =>
  callApi(call, { body });
