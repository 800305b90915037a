import { callApi } from '../../../lib/api-client';

/** SPEC §7 "update language" (its route is written here: the shared table is not needed). */
const updateLanguageRoute = { method: 'POST', path: '/wps/member/language', auth: true } as const;

export const saveMemberLanguage = (language: string) =>
  callApi('updateLanguage', { body: { language } }, updateLanguageRoute);
