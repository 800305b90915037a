import { useCallback, useState } from 'react';
import { localKeys, readLocal, writeLocal } from '../../../lib/storage';

/** Whether the balance is masked; the choice survives reloads and sign-outs. */
export function useBalanceHidden(): [boolean, () => void] {
  const [hidden, setHidden] = useState(() => readLocal(localKeys.balanceHidden) === '1');
  const toggle = useCallback(() => {
    setHidden((current) => {
      writeLocal(localKeys.balanceHidden, current ? null : '1');
      return !current;
    });
  }, []);
  return [hidden, toggle];
}
