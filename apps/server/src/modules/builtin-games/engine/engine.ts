import type { UnitOfWork } from '../../../db/unit-of-work.js';
import type { GameEntries } from '../../games/index.js';
import type { LedgerService } from '../../ledger/index.js';
import type { SeamlessWallet } from '../../providers/index.js';
import type {
  InstantRoundInput,
  InstantRoundRepository,
  InstantRoundResult,
} from '../instant-round.repository.js';
import type { PlayContext } from '../play-context.js';
import type { BuiltinGamesRepository } from '../repository.js';
import type { RoundMoney } from '../round-money.js';
import type { SeedService } from '../seeds.js';

/**
 * What the round engine's functions share: one per service, built in service.ts. Each file of
 * this folder is one part of the engine's work, written as plain functions of it.
 */
export interface Engine {
  repository: BuiltinGamesRepository;
  /** Only for rounds stored before the round transaction, which pay through the wallet. */
  wallet: SeamlessWallet;
  walletSessionOwner: (
    walletSessionId: string,
  ) => Promise<{ merchantCode: string; memberId: bigint } | undefined>;
  ledger: LedgerService;
  gameEntries: GameEntries;
  money: RoundMoney;
  context: PlayContext;
  seeds: SeedService;
  unitOfWork: UnitOfWork;
  instantRounds: InstantRoundRepository;
  /** An instant round's one statement (default: on its own, autocommitted; tests wrap it). */
  playInstant: (input: InstantRoundInput) => Promise<InstantRoundResult>;
  now: () => number;
  logError: (details: object, message: string) => void;
}
