import { useEffect, useRef } from 'react';

/** What Space must not take over: fields type it, buttons press themselves with it. */
const SPACE_OWNERS = 'input, textarea, select, button, [role="combobox"], [contenteditable]';

/** Space spins (not while typing in a field or on a button, which Space already presses). */
export function useSpaceToSpin(spin: () => void, canSpin: boolean): void {
  const spinRef = useRef(spin);
  spinRef.current = spin;
  const canSpinRef = useRef(canSpin);
  canSpinRef.current = canSpin;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.code !== 'Space' || event.repeat) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest(SPACE_OWNERS)) return;
      event.preventDefault();
      if (canSpinRef.current) spinRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
