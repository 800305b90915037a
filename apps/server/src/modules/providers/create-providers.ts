import type { Db } from '../../db/database.js';
import { createUnitOfWork } from '../../db/unit-of-work.js';
import type { GameLookups } from '../games/index.js';
import type { LedgerService } from '../ledger/index.js';
import { createProvidersRepository } from './repository.js';
import { createSeamlessWallet, type SeamlessWallet } from './seamless/service.js';
import type { StakeGuard } from './seamless/wallet-parts.js';
import { createLaunchService, type LaunchService } from './service.js';
import { createTransferClient } from './transfer/client.js';
import {
  createMoveIntoVendor,
  createVendorWalletTransfer,
  type VendorWalletTransfer,
} from './transfer/hooks.js';
import { createGameTransferRepository } from './transfer/repository.js';
import { createGameTransferService, type GameTransferService } from './transfer/service.js';

/** The providers module's services, wired on one database. */
export interface Providers {
  /** Game launches and the registered providers. */
  launches: LaunchService;
  /** Money moves into and out of transfer-mode providers' wallets. */
  gameTransfers: GameTransferService;
  /** The seamless wallet every seamless provider calls (builtin ones in-process). */
  seamlessWallet: SeamlessWallet;
  /** The wallet module's hook for vendor wallets kept by a transfer-mode provider. */
  vendorWalletTransfer: VendorWalletTransfer;
}

/** Builds the providers module's repositories and services on `db`. */
export function createProviders(
  db: Db,
  deps: {
    ledger: LedgerService;
    /** The catalogue by key (games, providers), cached for a short time in the running server. */
    catalogue: GameLookups;
    /** The site's own base URL: the API base of a provider whose launch URL is a site path. */
    siteBaseUrl: string;
    /** How long a transfer-mode provider's answer is waited for (tests shorten it). */
    providerCallTimeoutMs?: number | undefined;
    /** Refuses a seamless bet above a wagering bonus's max bet (module bonus). */
    stakeGuard?: StakeGuard | undefined;
  },
): Providers {
  const { ledger, catalogue } = deps;
  const repository = createProvidersRepository(db);
  const gameTransfers = createGameTransferService({
    repository: createGameTransferRepository(db),
    ledger,
    unitOfWork: createUnitOfWork(db),
    client: createTransferClient({
      siteBaseUrl: deps.siteBaseUrl,
      ...(deps.providerCallTimeoutMs ? { timeoutMs: deps.providerCallTimeoutMs } : {}),
    }),
    providerOf: (code) => catalogue.provider(code),
  });
  return {
    launches: createLaunchService({
      repository,
      catalogue,
      moveIntoVendor: createMoveIntoVendor({ gameTransfers, ledger }),
    }),
    gameTransfers,
    seamlessWallet: createSeamlessWallet(db, { ledger, catalogue, stakeGuard: deps.stakeGuard }),
    vendorWalletTransfer: createVendorWalletTransfer({ gameTransfers, catalogue }),
  };
}
