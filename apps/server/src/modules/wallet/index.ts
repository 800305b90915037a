export { createWalletRepository } from './repository.js';
export { registerWalletRoutes } from './routes.js';
export {
  createWalletService,
  type VendorWalletTransferHook,
  type WalletService,
} from './service.js';
