import { builtinGameCodes } from '@app/contract/client';
import { lazyWithRetry } from '../../../../lib/lazy-with-retry';

/**
 * One chunk serves both slots (themed by data); the rules are a chunk of their own. The
 * registry (games/registry.ts) checks these entries' types.
 */
const SlotClient = lazyWithRetry(() => import('./slot-client'));
const SlotRules = lazyWithRetry(() => import('./slot-rules'));

export const slotClientEntries = {
  [builtinGameCodes.jadeDragon]: { Client: SlotClient, Rules: SlotRules },
  [builtinGameCodes.neonFruits]: { Client: SlotClient, Rules: SlotRules },
};
