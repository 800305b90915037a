import { callApi } from '../lib/api-client';

/** A new captcha image and its id (`components/captcha-field.tsx`). */
export const fetchCaptcha = () => callApi('captcha');
