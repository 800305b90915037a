import { callApi } from '../lib/api-client';

/** The site status's query key; the shell's query (`features/system`) fills it. */
export const siteStatusKey = ['system', 'status'] as const;

/** The site status of this host, for a shared piece that reads the shell's cached answer. */
export const fetchSiteStatus = () =>
  callApi('systemStatus', { query: { url: window.location.host } });
