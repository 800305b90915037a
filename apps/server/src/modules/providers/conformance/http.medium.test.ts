import type { AddressInfo } from 'node:net';
import { describe } from 'vitest';
import { addProviderWithGame, harnessFor, httpAdapter } from '../../../../test/seamless-helpers.js';
import { useTestApp } from '../../../../test/test-app.js';
import { runSeamlessConformance } from './seamless-conformance.js';

const SECRET = 'conformance-secret-of-the-fake-outside-provider';

describe('seamless wallet conformance: outside provider over signed HTTP', () => {
  const context = useTestApp();
  runSeamlessConformance(async () => {
    const { db } = context.database;
    const nodeId = await addProviderWithGame(db, {
      code: 'CONF_HTTP',
      integration: 'http',
      apiSecret: SECRET,
    });
    // Real HTTP: the fake provider calls the listening app as an outside one would.
    await context.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = context.app.server.address() as AddressInfo;
    return harnessFor(
      context.app,
      db,
      httpAdapter(`http://127.0.0.1:${port}`, 'CONF_HTTP', SECRET),
      nodeId,
    );
  });
});
