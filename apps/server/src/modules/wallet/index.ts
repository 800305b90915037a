export {
  DEMO_VENDOR_WALLET_CODE,
  seedDemoVendorWallet,
  seedVendorWallet,
  type VendorWalletSeed,
} from './demo-seed.repository.js';
export { registerWalletRoutes } from './routes.js';
export {
  createWalletService,
  type VendorWalletTransferHook,
  type WalletService,
} from './service.js';
