import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import SliderPuzzle from './slider-puzzle';
import { thinTrace } from './slider-trace';

const puzzle = {
  challengeId: 'p'.repeat(22),
  backgroundImage: 'data:image/png;base64,',
  pieceImage: 'data:image/png;base64,',
  pieceY: 40,
  widthPx: 320,
  heightPx: 160,
  pieceSizePx: 48,
  expiresInSeconds: 120,
};

/** GET draws the puzzle; POST answers `verifyReply`. */
function mockSliderApi(verifyReply: { status: number; body: unknown }) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const reply =
      init?.method === 'POST'
        ? verifyReply
        : { status: 200, body: { success: true, value: puzzle } };
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function renderPuzzle(onSolved: (token: string) => void, now: () => number) {
  await act(async () => {
    renderWithProviders(
      <Suspense fallback={null}>
        <SliderPuzzle onSolved={onSolved} now={now} />
      </Suspense>,
    );
  });
  const handle = await screen.findByRole('slider', {}, { timeout: 5000 });
  await screen.findByAltText('Puzzle picture');
  return handle;
}

/** Drags the handle from x=100 by `steps` (screen pixels, uneven), 16 ms apart. */
function drag(handle: HTMLElement, clock: { ms: number }, steps: number[]) {
  let x = 100;
  fireEvent.pointerDown(handle, { pointerId: 1, clientX: x, clientY: 300 });
  steps.forEach((step, index) => {
    clock.ms += 16;
    x += step;
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: x, clientY: 300 + (index % 3) });
  });
  clock.ms += 30;
  fireEvent.pointerUp(handle, { pointerId: 1, clientX: x, clientY: 301 });
}

describe('SliderPuzzle', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('records the drag as a trace, sends it with the offset, and hands over the token', async () => {
    const fetchMock = mockSliderApi({
      status: 200,
      body: { success: true, value: { challengeToken: 't'.repeat(43), expiresInSeconds: 120 } },
    });
    const clock = { ms: 1000 };
    const onSolved = vi.fn();
    const handle = await renderPuzzle(onSolved, () => clock.ms);
    drag(handle, clock, [2, 5, 9, 14, 20, 22, 18, 12, 8, 5, 3, 2, 1]);

    await waitFor(() => expect(onSolved).toHaveBeenCalledWith('t'.repeat(43)));
    const verify = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(verify?.[0])).toBe('/wps/verification/slider');
    const body = JSON.parse(String(verify?.[1]?.body));
    expect(body.challengeId).toBe(puzzle.challengeId);
    expect(body.offsetX).toBe(121);
    expect(body.trace).toHaveLength(15);
    expect(body.trace[0]).toEqual({ x: 0, y: 0, tMs: 0 });
    expect(body.trace.at(-1)).toEqual({ x: 121, y: 1, tMs: 13 * 16 + 30 });
    const times = body.trace.map((point: { tMs: number }) => point.tMs);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('keeps the handle on the track', async () => {
    mockSliderApi({
      status: 400,
      body: { success: false, errorCode: 'SLIDER_FAILED', message: 'x' },
    });
    const clock = { ms: 0 };
    const handle = await renderPuzzle(vi.fn(), () => clock.ms);
    fireEvent.pointerDown(handle, { pointerId: 7, clientX: 50, clientY: 10 });
    fireEvent.pointerMove(handle, { pointerId: 7, clientX: 900, clientY: 10 });
    expect(handle.getAttribute('aria-valuenow')).toBe(String(320 - 48));
    fireEvent.pointerMove(handle, { pointerId: 7, clientX: 0, clientY: 10 });
    expect(handle.getAttribute('aria-valuenow')).toBe('0');
  });

  it('shows the failure and draws a new puzzle', async () => {
    const fetchMock = mockSliderApi({
      status: 400,
      body: { success: false, errorCode: 'SLIDER_FAILED', message: 'x' },
    });
    const clock = { ms: 0 };
    const onSolved = vi.fn();
    const handle = await renderPuzzle(onSolved, () => clock.ms);
    drag(handle, clock, [10, 20, 30, 20, 10]);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Verification failed, please try again',
    );
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([, init]) => init?.method !== 'POST')).toHaveLength(2),
    );
    expect(onSolved).not.toHaveBeenCalled();
  });
});

describe('thinTrace', () => {
  it('keeps the first, the last and evenly spaced points in between', () => {
    const trace = Array.from({ length: 1000 }, (_, index) => ({ x: index, y: 0, tMs: index }));
    const thin = thinTrace(trace, 400);
    expect(thin).toHaveLength(400);
    expect(thin[0]).toEqual(trace[0]);
    expect(thin.at(-1)).toEqual(trace.at(-1));
    expect(thinTrace(trace.slice(0, 10), 400)).toHaveLength(10);
  });
});
