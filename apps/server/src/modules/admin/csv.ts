/**
 * CSV text for the console's exports (RFC 4180: comma, CRLF, quotes doubled). A text cell that
 * a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return that
 * some programs skip before one) gets a leading apostrophe: CSV injection (OWASP).
 */

/** A cell: text is escaped; numbers and null are written as they are (a number is no formula). */
export type CsvValue = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** One column of an export: its header and how a row fills it. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

/** An amount in major units with its two decimals, as the console shows it. */
export function csvAmount(amount: number): string {
  return amount.toFixed(2);
}
