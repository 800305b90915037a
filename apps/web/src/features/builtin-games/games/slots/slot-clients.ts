import { builtinGameCodes } from '@app/contract/client';
import { lazyWithRetry } from '../../../../lib/lazy-with-retry';
import type { GameClientEntry } from '../registry';

/** One chunk serves both slots (themed by data); the rules are a chunk of their own. */
const SlotClient = lazyWithRetry(() => import('./slot-client'));
const SlotRules = lazyWithRetry(() => import('./slot-rules'));

export const slotClientEntries = {
  [builtinGameCodes.jadeDragon]: { Client: SlotClient, Rules: SlotRules },
  [builtinGameCodes.neonFruits]: { Client: SlotClient, Rules: SlotRules },
} satisfies Record<string, GameClientEntry>;
