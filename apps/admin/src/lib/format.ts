import { formatAmount } from '@app/contract/client';

export { formatAmount };

/** `2026-11-26 07:45` in the operator's local time: tables need the minute, not the second. */
export function formatDateTime(atMs: number | string): string {
  const date = new Date(atMs);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
