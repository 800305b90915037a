import type { BuiltinGameCode } from '@app/contract/client';
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';
import type { GameClientProps } from '../game-client-types';
import { slotClientEntries } from './slots/slot-clients';

export interface GameClientEntry {
  /** The board: its own lazy chunk, loaded only when the game opens. */
  Client: LazyExoticComponent<ComponentType<GameClientProps>>;
  /** Rules, odds and paytable, one tap away in the shell: also lazy. */
  Rules: LazyExoticComponent<ComponentType<{ gameCode: BuiltinGameCode }>>;
}

/**
 * The client of each built-in game, by game code (one entry per game, each made with
 * `lazyWithRetry(() => import(...))`).
 */
export const gameClients: Partial<Record<BuiltinGameCode, GameClientEntry>> = {
  ...slotClientEntries,
  'inh-dice': {
    Client: lazyWithRetry(() => import('./dice/dice-client')),
    Rules: lazyWithRetry(() => import('./dice/dice-rules')),
  },
  'inh-mines': {
    Client: lazyWithRetry(() => import('./mines/mines-client')),
    Rules: lazyWithRetry(() => import('./mines/mines-rules')),
  },
  'inh-plinko': {
    Client: lazyWithRetry(() => import('./plinko/plinko-client')),
    Rules: lazyWithRetry(() => import('./plinko/plinko-rules')),
  },
};
