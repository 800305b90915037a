import {
  seedDemoConsoleOperators as seedConsoleOperators,
  seedDemoOperator as seedOperator,
} from '../modules/admin/index.js';
import { seedDemoTeamPlay } from '../modules/agent/index.js';
import { seedBuiltinCatalogue } from '../modules/builtin-games/index.js';
import { seedDemoContent } from '../modules/content/index.js';
import { seedDemoCatalogue } from '../modules/games/index.js';
import { seedDemoLottery } from '../modules/lottery/index.js';
import { seedDemoAgent, seedDemoAgentTree } from '../modules/member/index.js';
import { seedDemoMissions } from '../modules/missions/index.js';
import { seedDemoPayments } from '../modules/payments/index.js';
import { seedDemoPoints } from '../modules/points/index.js';
import { seedDemoPromotions } from '../modules/promotions/index.js';
import { seedDemoReferralRule } from '../modules/referrals/index.js';
import { seedSandboxProviderSecret } from '../modules/sandbox-provider/index.js';
import { seedDemoMerchantRow } from '../modules/system/index.js';
import { seedDemoTransferSettings } from '../modules/transfers/index.js';
import { seedDemoVipRanks } from '../modules/vip/index.js';
import { seedDemoVendorWallet } from '../modules/wallet/index.js';
import { createServices } from '../services.js';
import type { Db } from './database.js';

export {
  DEMO_AFFILIATE_CODE,
  DEMO_AGENT_USERNAME,
  DEMO_TEAM_AGENT_PASSWORD,
  DEMO_TEAM_AGENT_USERNAME,
} from '../modules/member/index.js';
export { DEMO_MANUAL_BANK_DETAILS } from '../modules/payments/index.js';
export { demoResources } from '../modules/system/index.js';
export { DEMO_VENDOR_WALLET_CODE } from '../modules/wallet/index.js';

export const DEMO_MERCHANT_CODE = 'DEMO';
/** The demo merchant's currency (its row, seeded by the system module). */
const DEMO_CURRENCY = 'VND';

/**
 * Loads the demo merchant: each module seeds its own demo data, every step idempotent, so a
 * second run leaves an existing (perhaps edited) merchant alone and adds only what is missing.
 * True when this call created the merchant.
 */
export async function seedDemoMerchant(db: Db): Promise<boolean> {
  const created = await seedDemoMerchantRow(db, DEMO_MERCHANT_CODE);
  await seedDemoPayments(db, DEMO_MERCHANT_CODE);
  await seedDemoVendorWallet(db, DEMO_MERCHANT_CODE);
  await seedDemoTransferSettings(db, DEMO_MERCHANT_CODE);
  await seedDemoContent(db, DEMO_MERCHANT_CODE);
  await seedDemoCatalogue(
    db,
    DEMO_MERCHANT_CODE,
    await seedSandboxProviderSecret(db),
    DEMO_CURRENCY,
  );
  await seedBuiltinCatalogue(db, DEMO_MERCHANT_CODE);
  await seedDemoLottery(db, DEMO_MERCHANT_CODE);
  await seedDemoAgent(db, DEMO_MERCHANT_CODE);
  await seedDemoPromotions(db, DEMO_MERCHANT_CODE);
  await seedDemoPoints(db, DEMO_MERCHANT_CODE);
  await seedDemoMissions(db, DEMO_MERCHANT_CODE);
  await seedDemoReferralRule(db, DEMO_MERCHANT_CODE);
  await seedDemoVipRanks(db, DEMO_MERCHANT_CODE);
  // The agent centre's demo: a three-level team with weeks of simulated play in the rollups.
  const teamPlayers = await seedDemoAgentTree(db, DEMO_MERCHANT_CODE);
  if (teamPlayers) await seedDemoTeamPlay(db, DEMO_MERCHANT_CODE, DEMO_CURRENCY, teamPlayers);
  // Contracts on the demo agent tree (module agent-contracts); nothing when there is no tree.
  await createServices(db).agentContracts.seedDemo(DEMO_MERCHANT_CODE);
  return created;
}

/** The demo console operators' password (admin, finance, content, platform), outside production only. */
export const DEMO_CONSOLE_PASSWORD = 'admin123';

/** The console's demo operators, to try the console from the README's quick start. */
export async function seedDemoConsoleOperators(db: Db, passwordHash: string): Promise<void> {
  await seedConsoleOperators(db, DEMO_MERCHANT_CODE, passwordHash);
}

/** The demo merchant's operator, for trying the operator API outside production. */
export async function seedDemoOperator(db: Db, passwordHash: string): Promise<void> {
  await seedOperator(db, DEMO_MERCHANT_CODE, passwordHash);
}
