import { callApi } from '../../../lib/api-client';

/** Ends the session on the server. */
export const logout = () => callApi('logout');
