import {
  type AdminSettings,
  adminSettingsCall,
  adminUpdateBuiltinGamesCall,
  adminUpdateLanguagesCall,
  adminUpdateRegisterSettingsCall,
  adminUpdateSiteAccessCall,
  adminUpdateWhiteLabelCall,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../../lib/api-client';

export const SETTINGS_QUERY_KEY = ['settings'] as const;

export function useSettings() {
  return useQuery({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => callAdmin(adminSettingsCall, { signal }),
  });
}

/** Each page's section of the settings and the call that changes it. */
const sectionCalls = {
  whiteLabel: adminUpdateWhiteLabelCall,
  registerSettings: adminUpdateRegisterSettingsCall,
  languages: adminUpdateLanguagesCall,
  siteAccess: adminUpdateSiteAccessCall,
  builtinGames: adminUpdateBuiltinGamesCall,
} as const;
export type SettingsSection = keyof typeof sectionCalls;

/** Saves one section; the answer is the whole settings, which replaces the cached ones. */
export function useSaveSection<S extends SettingsSection>(section: S) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: AdminSettings[S]) =>
      callAdmin(sectionCalls[section], { body: value as never }) as Promise<AdminSettings>,
    onSuccess: (settings) => queryClient.setQueryData(SETTINGS_QUERY_KEY, settings),
  });
}
