import { useQuery } from '@tanstack/react-query';
import { registerSettingsQuery } from '../../../lib/register-settings-query';

/** The merchant's rules for every registration field (SPEC §5). */
export function useRegisterSettings() {
  return useQuery(registerSettingsQuery);
}
