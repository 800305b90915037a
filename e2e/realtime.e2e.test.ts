import { describe, expect, it } from 'vitest';
import { REALTIME_NOTIFY_CHANNEL } from '../apps/server/src/realtime/limits.js';
import { useJourney } from './support/journey.js';

const TOPIC = 'lottery.draws.VN_NORTH_FAST_1';

/**
 * The real server process and Chromium on the site's own page (its CSP applies): a socket
 * subscribes at /ws, and an event NOTIFYed on the database by another process (as another
 * server instance would) reaches it; the server then stops cleanly with the socket open.
 */
describe('realtime push in the browser', () => {
  const journey = useJourney('realtime');

  it('receives an event published by another process, only for its merchant', async () => {
    const { page, server } = journey;
    await page.goto(server.baseUrl);
    // In the page (a string: this file is type-checked without the DOM library).
    await page.evaluate(`new Promise((resolve, reject) => {
      const socket = new WebSocket('ws://' + location.host + '/ws?merchant=DEMO');
      window.realtimeSeen = [];
      socket.onerror = () => reject(new Error('socket failed'));
      socket.onopen = () => socket.send(JSON.stringify({ op: 'subscribe', topics: [${JSON.stringify(TOPIC)}] }));
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data));
        if (message.op === 'subscribed') resolve();
        else window.realtimeSeen.push(message);
      };
    })`);

    const client = await journey.pg();
    for (const [merchant, data] of [
      ['OTHER', { drawId: 'not-mine' }],
      ['DEMO', { drawId: 'd1' }],
    ] as const) {
      await client.query('SELECT pg_notify($1, $2)', [
        REALTIME_NOTIFY_CHANNEL,
        JSON.stringify({ m: merchant, t: TOPIC, d: data }),
      ]);
    }
    // The lottery's own scheduler also publishes this draw's real events on the topic, so the
    // test looks only at the two events it sent: its merchant's arrives, the other's never does.
    const sentDrawIds = ['d1', 'not-mine'];
    // Polled from here: waitForFunction with a string evaluates it in the page, which the
    // site's CSP (no 'unsafe-eval') refuses once the first check is false.
    type Seen = Array<{ topic: string; data: { drawId?: string } }>;
    let seen: Seen = [];
    await expect
      .poll(async () => {
        seen = (await page.evaluate('window.realtimeSeen')) as Seen;
        return seen.some((message) => message.data.drawId === 'd1');
      })
      .toBe(true);
    expect(seen.filter((message) => sentDrawIds.includes(message.data.drawId ?? ''))).toEqual([
      { topic: TOPIC, data: { drawId: 'd1' } },
    ]);
  });
});
