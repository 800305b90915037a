import type { TFunction } from 'i18next';

/**
 * A bet type's name: its text in the `lottery` namespace (`bet_<code>`), else the code itself
 * (a bet type added on the server before its text); position bets name their position.
 */
export function betTypeLabel(t: TFunction, code: string, position?: number | null): string {
  const name = t(`lottery:bet_${code}`, { defaultValue: code });
  if (position === null || position === undefined) return name;
  return `${name} · ${t('lottery:position_n', { position: position + 1 })}`;
}
