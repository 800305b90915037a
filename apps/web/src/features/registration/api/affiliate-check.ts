import { callApi } from '../../../lib/api-client';

/** Asks whether the merchant knows an affiliate code; an unknown one fails with its error code. */
export const checkAffiliateCode = (code: string) =>
  callApi('affiliateCheck', { query: { code, domain: window.location.hostname } });
