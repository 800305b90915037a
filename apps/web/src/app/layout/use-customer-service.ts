import { useCallback } from 'react';
import { useSession } from '../../features/session/hooks/use-session';
import { useSystemStatus } from '../../features/system/api/use-system-status';
import { currentLanguageCode } from '../../lib/i18n';
import { customerServiceFor, openCustomerService } from './customer-service';

/** The customer-service entry this visitor gets and the action that opens it (null: none). */
export function useCustomerService(): (() => void) | null {
  const { data: status } = useSystemStatus();
  const { member } = useSession();
  const entry = customerServiceFor(status?.customerService, member?.clubLabel?.rankLevel);
  const open = useCallback(() => {
    if (entry) void openCustomerService(entry, currentLanguageCode());
  }, [entry]);
  return entry ? open : null;
}
