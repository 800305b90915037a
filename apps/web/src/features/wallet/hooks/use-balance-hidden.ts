import { useBalanceHiddenSetting } from '../../../lib/balance-hidden';

/** Whether the balance is masked; the choice survives reloads and sign-outs and is shared by
 * every view of the browser (lib/balance-hidden.ts). */
export function useBalanceHidden(): [boolean, () => void] {
  return useBalanceHiddenSetting();
}
