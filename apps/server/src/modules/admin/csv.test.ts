import { describe, expect, it } from 'vitest';
import { csvAmount, csvCell, csvLine } from './csv.js';

describe('csvCell', () => {
  it('prefixes every cell a spreadsheet would run as a formula with an apostrophe', () => {
    for (const formula of ['=SUM(A1)', '+1', '-2+3', '@cmd', '\t=1', '\r=1']) {
      expect(csvCell(formula).replace(/^"/, '').startsWith("'")).toBe(true);
    }
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('plain text')).toBe('plain text');
  });

  it('quotes commas, quotes and line breaks, and writes numbers and null as they are', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
    expect(csvAmount(12.5)).toBe('12.50');
  });
});
