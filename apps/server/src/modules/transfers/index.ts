export {
  seedDemoTransferSettings,
  seedTransferSettings,
  type TransferSettingsSeed,
} from './demo-seed.repository.js';
export { MEMBER_TRANSFER_LIMIT, registerTransferRoutes } from './routes.js';
export { createTransferService, maskAccount, type TransferService } from './service.js';
