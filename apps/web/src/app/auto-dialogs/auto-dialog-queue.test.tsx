import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type AutoDialog,
  finishAutoDialog,
  holdAutoDialog,
  recheckAutoDialogBlocks,
  requestAutoDialog,
  resetAutoDialogs,
  setAutoDialogBlockCheck,
  useAutoDialogTurn,
} from './auto-dialog-queue';

/** Stands for a dialog of the queue: its name while it has the turn. */
function Slot({ name, hold = true }: { name: AutoDialog; hold?: boolean }) {
  return useAutoDialogTurn(name, hold) ? <span data-testid="on-screen">{name}</span> : null;
}

function renderSlots() {
  render(
    <>
      <Slot name="passwordChange" />
      <Slot name="registerSuccess" />
      <Slot name="popup" />
      <Slot name="rewards" hold={false} />
      <Slot name="welcome" />
    </>,
  );
}

const onScreen = () => screen.queryAllByTestId('on-screen').map((slot) => slot.textContent);

describe('the auto-dialog queue', () => {
  let inTheWay = false;
  beforeEach(() => {
    resetAutoDialogs();
    inTheWay = false;
    setAutoDialogBlockCheck(() => inTheWay);
  });
  afterEach(() => resetAutoDialogs());

  it('shows one at a time in the fixed order, each after the one before has closed', () => {
    renderSlots();
    act(() => {
      requestAutoDialog('welcome');
      requestAutoDialog('rewards');
      requestAutoDialog('popup');
      requestAutoDialog('registerSuccess');
    });
    expect(onScreen()).toEqual(['registerSuccess']);
    act(() => finishAutoDialog('registerSuccess'));
    expect(onScreen()).toEqual(['popup']);
    act(() => finishAutoDialog('popup'));
    expect(onScreen()).toEqual(['rewards']);
    act(() => finishAutoDialog('rewards'));
    expect(onScreen()).toEqual(['welcome']);
    act(() => finishAutoDialog('welcome'));
    expect(onScreen()).toEqual([]);
    expect(document.documentElement.hasAttribute('data-auto-dialogs')).toBe(false);
  });

  it('lets a dialog on screen keep its turn when an earlier one is asked for meanwhile', () => {
    renderSlots();
    act(() => requestAutoDialog('popup'));
    expect(onScreen()).toEqual(['popup']);
    act(() => requestAutoDialog('passwordChange'));
    expect(onScreen()).toEqual(['popup']);
    act(() => finishAutoDialog('popup'));
    expect(onScreen()).toEqual(['passwordChange']);
  });

  it('gives way to an earlier one while the rewards are still deciding, not once they show', () => {
    renderSlots();
    act(() => requestAutoDialog('rewards'));
    expect(onScreen()).toEqual(['rewards']);
    // Still loading (not held): the registration's success comes first.
    act(() => requestAutoDialog('registerSuccess'));
    expect(onScreen()).toEqual(['registerSuccess']);
    act(() => finishAutoDialog('registerSuccess'));
    act(() => holdAutoDialog('rewards'));
    act(() => requestAutoDialog('popup'));
    expect(onScreen()).toEqual(['rewards']);
  });

  it('opens nothing over a dialog the person opened, and goes on once it has closed', () => {
    renderSlots();
    inTheWay = true;
    act(() => {
      requestAutoDialog('popup');
      requestAutoDialog('rewards');
    });
    expect(onScreen()).toEqual([]);
    expect(document.documentElement.hasAttribute('data-auto-dialogs')).toBe(true);
    inTheWay = false;
    act(() => recheckAutoDialogBlocks());
    expect(onScreen()).toEqual(['popup']);
  });

  it('opens nothing before a host says how to look (logged out, or still loading)', () => {
    resetAutoDialogs();
    renderSlots();
    act(() => requestAutoDialog('popup'));
    expect(onScreen()).toEqual([]);
  });
});
