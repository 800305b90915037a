import { fireEvent, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { clientProps, roundOf } from '../inhouse/inhouse-test-props';
import { loadInhouseTexts } from '../inhouse/inhouse-texts';
import PlinkoClient from './plinko-client';
import { ballStops, boardGeometry } from './plinko-geometry';
import PlinkoRules from './plinko-rules';

beforeAll(loadInhouseTexts);

const render = (ui: React.ReactElement) =>
  renderWithProviders(<Suspense fallback="loading">{ui}</Suspense>);

describe('Plinko board geometry', () => {
  it('ends the ball in the bucket its path counts', () => {
    for (const rows of [8, 12, 16]) {
      const path = Array.from({ length: rows }, (_, i) => (i % 3 === 0 ? 1 : 0));
      const rights = path.reduce((a: number, b) => a + b, 0);
      const stops = ballStops(rows, path);
      expect(stops).toHaveLength(rows + 2);
      expect(stops.at(-1)?.x).toBeCloseTo(boardGeometry(rows).bucketX(rights));
    }
  });
});

describe('Plinko client', () => {
  it('draws the buckets of the chosen rows and risk, drops the ball along the server path', async () => {
    const path = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
    const round = roundOf({
      gameCode: 'inh-plinko',
      stake: 1,
      payout: 31,
      detail: {
        params: { stake: 1, rows: 12, risk: 'medium' },
        outcome: { path, bucket: 12, multiplierHundredths: 3100 },
      },
    });
    const props = clientProps({ gameCode: 'inh-plinko', play: vi.fn(async () => round) });
    render(<PlinkoClient {...props} />);
    expect(await screen.findByTestId('plinko-bucket-12')).toBeTruthy();
    expect(screen.getByTestId('plinko-bucket-0').textContent).toBe('33');
    fireEvent.click(screen.getByRole('button', { name: 'Drop ball' }));
    expect(props.play).toHaveBeenCalledWith({ stake: 1, rows: 12, risk: 'medium' });
    const landed = await screen.findByTestId('plinko-landed', {}, { timeout: 5000 });
    expect(landed.textContent).toContain('bucket 12');
    expect(screen.getByTestId('round-result').textContent).toContain('You won 31.00 VND');
    expect(props.sound.play).toHaveBeenCalledWith('bounce');
    expect(props.showBalance).toHaveBeenCalled();
  });

  it('a return below the stake is not celebrated', async () => {
    const round = roundOf({
      gameCode: 'inh-plinko',
      stake: 1,
      payout: 0.4,
      detail: {
        params: { stake: 1, rows: 8, risk: 'medium' },
        outcome: { path: [0, 1, 0, 1, 0, 1, 0, 1], bucket: 4, multiplierHundredths: 40 },
      },
    });
    render(<PlinkoClient {...clientProps({ gameCode: 'inh-plinko', resumeRound: round })} />);
    expect((await screen.findByTestId('round-result')).textContent).toContain('0.40 VND returned');
  });

  it('rules show the paytable with its exact RTP', async () => {
    render(<PlinkoRules />);
    const table = await screen.findByTestId('plinko-odds');
    expect(table.querySelectorAll('tbody tr')).toHaveLength(13);
    expect(screen.getByTestId('plinko-table-title').textContent).toBe(
      '12 rows, Medium risk · RTP 98.9771 %',
    );
  });
});
