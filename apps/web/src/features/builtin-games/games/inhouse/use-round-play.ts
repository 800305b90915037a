import type { BuiltinRound } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * One call at a time to the shell's `play` or `act`: busy while it runs, its error as text.
 * Answers the round, or null when the call failed (the error is then shown).
 */
export function useRoundCall() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function call(run: () => Promise<BuiltinRound>): Promise<BuiltinRound | null> {
    setBusy(true);
    setError(null);
    try {
      return await run();
    } catch (failure) {
      setError(errorText(t, failure));
      return null;
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, call };
}

/** Waits `ms` (animations), resolved at once when the tab is hidden. */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, document.hidden ? 0 : ms));
}
