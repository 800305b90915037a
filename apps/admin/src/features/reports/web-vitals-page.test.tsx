import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderConsole, sessionOf } from '../../test/render';
import { webVitalsRows } from './web-vitals-table';

const DAY_MS = 86_400_000;

const groups = [
  { route: '/', device: 'mobile', metric: 'LCP', p75: 3250, samples: 40 },
  { route: '/', device: 'mobile', metric: 'CLS', p75: 0.02, samples: 38 },
  { route: '/', device: 'mobile', metric: 'INP', p75: 620, samples: 12 },
  { route: '/promotions', device: 'desktop', metric: 'LCP', p75: 1200, samples: 5 },
] as const;

describe('webVitalsRows', () => {
  it('makes one line per route and device, the most sampled first', () => {
    const rows = webVitalsRows([...groups]);
    expect(rows.map((row) => [row.route, row.device, row.samples])).toEqual([
      ['/', 'mobile', 40],
      ['/promotions', 'desktop', 5],
    ]);
    expect(rows[0]?.p75).toEqual({ LCP: 3250, CLS: 0.02, INP: 620 });
  });
});

describe('the page speed page', () => {
  it('shows p75 per page and device coloured by rating, and asks for another period', async () => {
    const fetchMock = mockApi({
      'GET /admin/session': [ok(sessionOf('read-only'))],
      'GET /admin/reports/web-vitals': [ok({ groups, truncated: false })],
    });
    await renderConsole('/reports/web-vitals');
    const rows = await screen.findAllByTestId('web-vitals-row', {}, { timeout: 5_000 });
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Phone');
    const [lcp] = screen.getAllByTestId('web-vitals-LCP');
    expect(lcp?.textContent).toBe('3,250 ms');
    expect(lcp?.getAttribute('data-rating')).toBe('needs-improvement');
    expect(screen.getByTestId('web-vitals-CLS').getAttribute('data-rating')).toBe('good');
    expect(screen.getByTestId('web-vitals-INP').getAttribute('data-rating')).toBe('poor');

    const periodOf = (call: unknown[]) => {
      const url = new URL(String(call[0]), 'http://localhost');
      return Number(url.searchParams.get('toMs')) - Number(url.searchParams.get('fromMs'));
    };
    const reportCalls = () =>
      fetchMock.mock.calls.filter((call) => String(call[0]).includes('/admin/reports/web-vitals'));
    expect(periodOf(reportCalls()[0] ?? [])).toBe(7 * DAY_MS);
    await act(async () => {
      fireEvent.click(screen.getByText('Last 30 days'));
    });
    expect(periodOf(reportCalls().at(-1) ?? [])).toBe(30 * DAY_MS);
  });
});
