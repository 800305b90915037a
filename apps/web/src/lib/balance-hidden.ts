import { useCallback, useEffect, useState } from 'react';
import { localKeys, readLocal, writeLocal } from './storage';

const isHidden = () => readLocal(localKeys.balanceHidden) === '1';

/**
 * Whether the balance is masked: one setting for every view of the browser (the header of every
 * tab and the game bar in the /game frame), kept in localStorage. Other documents learn of a
 * change through the `storage` event, so a toggle in the header masks an open game bar at once.
 */
export function useBalanceHiddenSetting(): [boolean, () => void] {
  const [hidden, setHidden] = useState(isHidden);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === localKeys.balanceHidden) setHidden(isHidden());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  const toggle = useCallback(() => {
    setHidden((current) => {
      writeLocal(localKeys.balanceHidden, current ? null : '1');
      return !current;
    });
  }, []);
  return [hidden, toggle];
}

/** What a hidden balance shows everywhere (SPEC §2: three asterisks). */
export const HIDDEN_BALANCE_TEXT = '***';
