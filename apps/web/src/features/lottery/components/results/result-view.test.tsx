import { drawSeededResult, lotteryFormats } from '@app/game-math/lottery/index';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { loadLotteryTexts } from '../../lottery-texts';
import { headTailTable, vnNorthLayout } from '../../model/result-layouts';
import { ResultView } from './result-view';

const seeded = (format: keyof typeof lotteryFormats) =>
  drawSeededResult(lotteryFormats[format], { serverSeed: 'a'.repeat(64), drawKey: `T-${format}` });

describe('results in their lottery layouts', () => {
  beforeAll(() => loadLotteryTexts());

  it('prints the North 27 numbers, special prize first and seventh last', () => {
    const result = seeded('VN_NORTH');
    renderWithProviders(<ResultView format="VN_NORTH" result={result} withHeads />);
    const table = screen.getByTestId('prize-table');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.getAttribute('data-prize'))).toEqual([
      'special',
      'first',
      'second',
      'third',
      'fourth',
      'fifth',
      'sixth',
      'seventh',
    ]);
    expect(rows[0]?.textContent).toContain('Special');
    expect(rows[0]?.textContent).toContain(result.special?.[0] as string);
    const numbers = rows.flatMap((row) => within(row).getAllByText(/^\d+$/));
    expect(numbers).toHaveLength(27);
    expect(screen.getByTestId('head-tail-table')).toBeTruthy();
  });

  it('prints the South 18 numbers, eighth prize first and special last', () => {
    const result = seeded('VN_SOUTH');
    renderWithProviders(<ResultView format="VN_SOUTH" result={result} />);
    const rows = within(screen.getByTestId('prize-table')).getAllByRole('row');
    expect(rows[0]?.getAttribute('data-prize')).toBe('eighth');
    expect(rows.at(-1)?.getAttribute('data-prize')).toBe('special');
    expect(rows.flatMap((row) => within(row).getAllByText(/^\d+$/))).toHaveLength(18);
    expect(rows.at(-1)?.textContent).toContain(result.special?.[0] as string);
  });

  it('prints the Thai first prize, 3 front, 3 last and 2 last', () => {
    const result = {
      first: ['123456'],
      front3: ['001', '999'],
      last3: ['500', '050'],
      last2: ['07'],
    };
    renderWithProviders(<ResultView format="THAI" result={result} />);
    const rows = within(screen.getByTestId('prize-table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'First prize123456',
      '3 front001999',
      '3 last500050',
      '2 last07',
    ]);
  });

  it('shows a live real draw with the prizes still to come', () => {
    renderWithProviders(<ResultView format="THAI" result={{ first: ['123456'] }} />);
    expect(screen.getAllByText('…')).toHaveLength(5);
  });

  it('shows five balls with their positions and the sum', () => {
    renderWithProviders(
      <ResultView format="DIGIT5" result={{ digits: ['0', '9', '9', '0', '5'] }} />,
    );
    expect(screen.getByRole('img', { name: 'Position 1: 0' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Position 5: 5' })).toBeTruthy();
    expect(screen.getByText('Sum 23')).toBeTruthy();
  });

  it('shows three dice faces and the sum', () => {
    renderWithProviders(<ResultView format="DICE3" result={{ dice: ['6', '6', '6'] }} />);
    expect(screen.getAllByRole('img', { name: 'Die showing 6' })).toHaveLength(3);
    expect(screen.getByText('Sum 18')).toBeTruthy();
    // A die shows as many pips as its value.
    expect(screen.getAllByRole('img')[0]?.querySelectorAll('circle')).toHaveLength(6);
  });

  it('lists the tails of every number by head, repeats kept', () => {
    const heads = headTailTable(vnNorthLayout, {
      special: ['12345'],
      seventh: ['45', '40', '05', '45'],
    });
    expect(heads[4]).toEqual(['0', '5', '5', '5']);
    expect(heads[0]).toEqual(['5']);
    expect(heads[1]).toEqual([]);
  });
});
