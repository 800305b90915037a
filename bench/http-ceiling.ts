// `npm run bench:wallet -- --ceiling`: the most a round could reach here. A bare Fastify
// answering `{success: true}` to a POST, in the bench's own process, driven by the same 64
// clients (one keep-alive connection each) that play Dice: what the HTTP layer and the bench
// client alone cost on these cores, with no database, no validation and no game.
import { Agent } from 'node:http';
import Fastify from 'fastify';
import { freePort } from '../apps/server/test/free-port.js';
import { postJson } from './http-harness.js';
import { HTTP_PHASE_CLIENTS, type PhaseResult, runClients } from './http-phase.js';

export async function helloWorldCeiling(): Promise<PhaseResult> {
  const app = Fastify({ logger: false });
  app.post('/hello', async () => ({ success: true, value: { ok: true } }));
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  const clients = Array.from(
    { length: HTTP_PHASE_CLIENTS },
    () => new Agent({ keepAlive: true, maxSockets: 1 }),
  );
  try {
    return await runClients(async (client) => {
      await postJson(`http://127.0.0.1:${port}`, { client: clients[client] as Agent }, '/hello', {
        gameSession: 'x'.repeat(43),
        clientRoundId: 'ceiling',
        params: { stake: 1, target: 50, direction: 'over' },
      });
    });
  } finally {
    for (const client of clients) client.destroy();
    await app.close();
  }
}
