import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { clientProps, roundOf } from '../inhouse/inhouse-test-props';
import { loadInhouseTexts } from '../inhouse/inhouse-texts';
import DiceClient from './dice-client';
import DiceRules from './dice-rules';

const render = (ui: React.ReactElement) =>
  renderWithProviders(<Suspense fallback="loading">{ui}</Suspense>);

beforeAll(loadInhouseTexts);

describe('Dice client', () => {
  it('shows chance, multiplier and payout before the roll, and follows the target', async () => {
    render(<DiceClient {...clientProps()} />);
    expect((await screen.findByTestId('dice-chance')).textContent).toContain('49.99 %');
    expect(screen.getByTestId('dice-multiplier').textContent).toContain('1.9803×');
    expect(screen.getByTestId('dice-payout').textContent).toContain('1.98 VND');
    // The slider moves with the keyboard.
    const slider = screen.getByRole('slider');
    slider.focus();
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(screen.getByTestId('dice-chance').textContent).toContain('49.98 %');
    fireEvent.click(screen.getByRole('radio', { name: 'Roll under' }));
    expect(screen.getByTestId('dice-chance').textContent).toContain('50.01 %');
  });

  it('rolls through the shell, shows the server roll, and does not celebrate a loss', async () => {
    const round = roundOf({
      stake: 1,
      payout: 0,
      detail: {
        params: { stake: 1, target: 50, direction: 'over' },
        outcome: { rollHundredths: 1234, won: false, multiplierScaled: 0 },
      },
    });
    const props = clientProps({ play: vi.fn(async () => round) });
    render(<DiceClient {...props} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Roll' }));
    expect(props.play).toHaveBeenCalledWith({ stake: 1, target: 50, direction: 'over' });
    expect((await screen.findByTestId('dice-roll', {}, { timeout: 3000 })).textContent).toContain(
      '12.34',
    );
    expect(screen.getByTestId('round-result').textContent).toContain('No win this round');
    await waitFor(() => expect(props.showBalance).toHaveBeenCalled());
    expect(props.sound.play).toHaveBeenCalledWith('lose');
  });

  it('celebrates only a payout above the stake', async () => {
    const won = roundOf({
      stake: 1,
      payout: 1.98,
      detail: {
        params: {},
        outcome: { rollHundredths: 7000, won: true, multiplierScaled: 19_800 },
      },
    });
    render(<DiceClient {...clientProps({ resumeRound: won })} />);
    expect((await screen.findByTestId('round-result')).textContent).toContain('You won 1.98 VND');
  });

  it('offers autoplay only when the merchant allows it', async () => {
    const { unmount } = render(<DiceClient {...clientProps()} />);
    await screen.findByTestId('dice-client');
    expect(screen.queryByRole('button', { name: /Autoplay/ })).toBeNull();
    unmount();
    render(
      <DiceClient {...clientProps({ settings: { autoplayAllowed: true, turboAllowed: false } })} />,
    );
    expect(await screen.findByRole('button', { name: /Autoplay 10 rounds/ })).toBeTruthy();
  });

  it('rules show the odds table and the RTP', async () => {
    render(<DiceRules />);
    expect((await screen.findByTestId('rules-rtp')).textContent).toContain('99 %');
    expect(screen.getByTestId('dice-odds').textContent).toContain('99.00×');
  });
});
