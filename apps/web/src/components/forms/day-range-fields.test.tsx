import { act, fireEvent, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useCentreTexts } from '../../lib/centre-texts';
import { type DayRange, lastDays } from '../../lib/day-range';
import { renderWithProviders } from '../../test/render';
import { DayRangeFields } from './day-range-fields';

function Harness({ onChange, minDay }: { onChange: (range: DayRange) => void; minDay?: string }) {
  useCentreTexts();
  const [value, setValue] = useState<DayRange>({ fromDay: '2026-11-01', toDay: '2026-11-07' });
  return (
    <DayRangeFields
      namespace="centre"
      value={value}
      minDay={minDay}
      error={value.fromDay > value.toDay ? 'backwards' : undefined}
      onChange={(range) => {
        setValue(range);
        onChange(range);
      }}
    />
  );
}

async function renderFields(onChange = vi.fn(), minDay?: string) {
  await act(async () => {
    renderWithProviders(
      <Suspense fallback={null}>
        <Harness onChange={onChange} minDay={minDay} />
      </Suspense>,
    );
  });
  return onChange;
}

describe('DayRangeFields', () => {
  it('labels both days with the namespace texts and reports a typed day', async () => {
    const onChange = await renderFields();
    const from = await screen.findByLabelText('From');
    expect(from).toHaveProperty('value', '2026-11-01');
    expect(screen.getByLabelText('To')).toHaveProperty('value', '2026-11-07');
    fireEvent.change(from, { target: { value: '2026-11-09' } });
    expect(onChange).toHaveBeenLastCalledWith({ fromDay: '2026-11-09', toDay: '2026-11-07' });
    expect(await screen.findByText('backwards')).toBeTruthy();
  });

  it('offers today and the last 7, 30 and 90 days', async () => {
    const onChange = await renderFields();
    fireEvent.click(await screen.findByRole('button', { name: 'Today' }));
    expect(onChange).toHaveBeenLastCalledWith(lastDays(1));
    fireEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    expect(onChange).toHaveBeenLastCalledWith(lastDays(30));
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Last 90 days' })).toBeTruthy();
  });

  it('bounds both fields by the given days', async () => {
    await renderFields(vi.fn(), '2026-08-01');
    expect((await screen.findByLabelText('From')).getAttribute('min')).toBe('2026-08-01');
    expect(screen.getByLabelText('To').getAttribute('min')).toBe('2026-08-01');
  });
});
