import { describe } from 'vitest';
import {
  addProviderWithGame,
  harnessFor,
  inProcessAdapter,
} from '../../../../test/seamless-helpers.js';
import { useTestApp } from '../../../../test/test-app.js';
import { runSeamlessConformance } from './seamless-conformance.js';

describe('seamless wallet conformance: builtin provider, in-process', () => {
  const context = useTestApp();
  runSeamlessConformance(async () => {
    const { db } = context.database;
    const nodeId = await addProviderWithGame(db, { code: 'CONF_BUILTIN', integration: 'builtin' });
    return harnessFor(context.app, db, inProcessAdapter(db, 'CONF_BUILTIN'), nodeId);
  });
});
