import type { AgentContractTerms } from '@app/contract';
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { TermsEditor, termsSummary } from './terms-editor';
import './texts';

let latest: AgentContractTerms | undefined;

function Harness({ initial }: { initial: AgentContractTerms }) {
  const { t } = useTranslation('agents');
  const [terms, setTerms] = useState(initial);
  latest = terms;
  return (
    <MantineProvider env="test">
      <TermsEditor kind="commission" value={terms} onChange={setTerms} t={t} />
      <p data-testid="summary">{termsSummary(t, 'commission', terms)}</p>
    </MantineProvider>
  );
}

describe('console terms editor: commission', () => {
  it('gives a chosen game category a rate column of its own, starting at the tier rate', async () => {
    await i18n.changeLanguage('en');
    await act(async () => {
      render(<Harness initial={{ tiers: [{ validBet: 1_000, rate: 1.2 }] }} />);
    });
    expect(screen.getByTestId('summary').textContent).toBe('1,000.00 → 1.2%');
    await act(async () => {
      fireEvent.click(screen.getByRole('checkbox', { name: 'Lottery' }));
    });
    expect(latest).toEqual({
      tiers: [{ validBet: 1_000, rate: 1.2, categoryRates: { LOTT: 1.2 } }],
    });
    const lotteryRate = screen.getByTestId('terms-category:LOTT-0');
    await act(async () => {
      fireEvent.change(lotteryRate, { target: { value: '0.5' } });
    });
    expect(latest).toEqual({
      tiers: [{ validBet: 1_000, rate: 1.2, categoryRates: { LOTT: 0.5 } }],
    });
    expect(screen.getByTestId('summary').textContent).toBe('1,000.00 → 1.2% (Lottery 0.5%)');
    await act(async () => {
      fireEvent.click(screen.getByRole('checkbox', { name: 'Lottery' }));
    });
    expect(latest).toEqual({ tiers: [{ validBet: 1_000, rate: 1.2 }] });
  });
});
