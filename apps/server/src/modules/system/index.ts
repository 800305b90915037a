export { demoResources } from './demo-merchant.js';
export {
  type MerchantSeed,
  seedDemoMerchantRow,
  seedMerchantRow,
} from './demo-seed.repository.js';
export { type CountryLookup, noCountryLookup, openCountryLookup } from './geo.js';
export { MANIFEST_PATH, registerManifestRoute } from './manifest.js';
export type { Merchant } from './merchant.js';
export { installMerchantResolution, merchantOf } from './request-merchant.js';
export { createQrImages } from './resource-qr.js';
export { registerSystemRoutes } from './routes.js';
export { createSystemService, type SystemService } from './service.js';
export {
  createMerchantSettings,
  type MerchantSettings,
  type SettingsChange,
  type SettingsSections,
} from './settings.js';
export { createSiteLinksStore, type SiteLinks, type SiteLinksStore } from './site-links.js';
