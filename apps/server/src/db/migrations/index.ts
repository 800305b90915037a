import type { Migration } from 'kysely';
import * as merchants from './20261122080000-merchants.js';
import * as membersAndSessions from './20261122080100-members-and-sessions.js';
import * as ledger from './20261122080200-ledger.js';
import * as rateLimitBuckets from './20261122080300-rate-limit-buckets.js';
import * as payments from './20261122090000-payments.js';
import * as ledgerTransferFunction from './20261122090100-ledger-transfer-function.js';
import * as verification from './20261122100000-verification.js';
import * as smsCodes from './20261122110000-sms-codes.js';
import * as content from './20261122120000-content.js';
import * as withdrawalsOperators from './20261122130000-withdrawals-operators.js';
import * as sliderChallenges from './20261122140000-slider-challenges.js';
import * as emailOutboxPasswordResets from './20261122141000-email-outbox-password-resets.js';
import * as identity from './20261122142000-identity.js';
import * as rememberTokens from './20261122143000-remember-tokens.js';
import * as affiliateCodes from './20261122144000-affiliate-codes.js';
import * as downlineIndexes from './20261122145000-downline-indexes.js';
import * as passwordKnown from './20261122145100-password-known.js';
import * as vendorWallets from './20261122150000-vendor-wallets.js';
import * as withdrawalProofReceiptVerification from './20261122151000-withdrawal-proof-receipt-verification.js';
import * as transfersManualDeposits from './20261122152000-transfers-manual-deposits.js';
import * as ledgerTransferBatch from './20261122152100-ledger-transfer-batch.js';
import * as games from './20261122160000-games.js';
import * as gamesCatalogue from './20261122161000-games-catalogue.js';
import * as seamlessWallet from './20261122162000-seamless-wallet.js';
import * as sandboxProvider from './20261122163000-sandbox-provider.js';
import * as merchantBlockedCountries from './20261122165000-merchant-blocked-countries.js';
import * as announcementReads from './20261122166000-announcement-reads.js';
import * as builtinGames from './20261122170000-builtin-games.js';
import * as builtinOneOpenRound from './20261122170100-builtin-one-open-round.js';
import * as lottery from './20261122200000-lottery.js';
import * as builtinStepActions from './20261126040000-builtin-step-actions.js';
import * as operatorLoginFailures from './20261126040000-operator-login-failures.js';
import * as events from './20261126050000-events.js';
import * as playRollups from './20261126050100-play-rollups.js';
import * as sandboxProviderSettings from './20261126051000-sandbox-provider-settings.js';
import * as auditLogLookups from './20261126060000-audit-log-lookups.js';
import * as builtinRoundsPaidThrough from './20261126070000-builtin-rounds-paid-through.js';
import * as playRollupsByStartHour from './20261126070000-play-rollups-by-start-hour.js';
import * as sessionMemberType from './20261126070000-session-member-type.js';
import * as gameBigWins from './20261126070100-game-big-wins.js';
import * as operatorConsole from './20261126073000-operator-console.js';
import * as keysetPagingIndexes from './20261126080000-keyset-paging-indexes.js';
import * as maintenancePlan from './20261126080000-maintenance-plan.js';
import * as instantRoundFunction from './20261126090000-instant-round-function.js';
import * as contentConsole from './20261126103000-content-console.js';
import * as memberConsole from './20261126110000-member-console.js';
import * as memberTree from './20261126120000-member-tree.js';
import * as agentTeamRollups from './20261126121000-agent-team-rollups.js';
import * as agentContracts from './20261126130000-agent-contracts.js';
import * as promotions from './20261126130000-promotions.js';
import * as bonusEngine from './20261126140000-bonus-engine.js';
import * as loyaltyPointsRanks from './20261126140000-loyalty-points-ranks.js';
import * as messagesChat from './20261126140000-messages-chat.js';
import * as missionsReferrals from './20261126140000-missions-referrals.js';
import * as securityCentre from './20261126140000-security-centre.js';
import * as agentContractPaging from './20261126150000-agent-contract-paging.js';
import * as consoleCatalogue from './20261126150000-console-catalogue.js';
import * as platformOperators from './20261126150000-platform-operators.js';
import * as announcementAudience from './20261126150100-announcement-audience.js';
import * as memberLoginFailures from './20261126160000-member-login-failures.js';
import * as verifiedMobileLookup from './20261126160000-verified-mobile-lookup.js';
import * as membersLastLoginOrder from './20261126160100-members-last-login-order.js';
import * as ledgerReconciliationStatus from './20261126180000-ledger-reconciliation-status.js';
import * as pointRewardTerms from './20261126180000-point-reward-terms.js';
import * as freeSpins from './20261126180100-free-spins.js';
import * as registerDevice from './20261126180200-register-device.js';
import * as timePartitions from './20261126200000-time-partitions.js';
import * as agentContractTemplates from './20261126210000-agent-contract-templates.js';
import * as ledgerTransferSet from './20261126210000-ledger-transfer-set.js';
import * as promotionParticipantsOrder from './20261126210000-promotion-participants-order.js';
import * as webVitals from './20261126210000-web-vitals.js';
import * as withdrawalBanks from './20261126210000-withdrawal-banks.js';
import * as merchantOnEveryRow from './20261126210100-merchant-on-every-row.js';
import * as memberInfoChanges from './20261127000500-member-info-changes.js';
import * as agentCommission from './20261127004100-agent-commission.js';
import * as lotterySlipRounds from './20261127004100-lottery-slip-rounds.js';
import * as merchantHotPath from './20261127004100-merchant-hot-path.js';

/**
 * Every migration, keyed by its file name (a timestamp first, so they sort in the order they
 * were written). Listed here rather than read from the folder so that the same code runs under
 * tsx, Vitest and a bundler.
 */
export const migrations: Record<string, Migration> = {
  '20261122080000-merchants': merchants,
  '20261122080100-members-and-sessions': membersAndSessions,
  '20261122080200-ledger': ledger,
  '20261122080300-rate-limit-buckets': rateLimitBuckets,
  '20261122090000-payments': payments,
  '20261122090100-ledger-transfer-function': ledgerTransferFunction,
  '20261122100000-verification': verification,
  '20261122110000-sms-codes': smsCodes,
  '20261122120000-content': content,
  '20261122130000-withdrawals-operators': withdrawalsOperators,
  '20261122140000-slider-challenges': sliderChallenges,
  '20261122141000-email-outbox-password-resets': emailOutboxPasswordResets,
  '20261122142000-identity': identity,
  '20261122143000-remember-tokens': rememberTokens,
  '20261122144000-affiliate-codes': affiliateCodes,
  '20261122145000-downline-indexes': downlineIndexes,
  '20261122145100-password-known': passwordKnown,
  '20261122150000-vendor-wallets': vendorWallets,
  '20261122151000-withdrawal-proof-receipt-verification': withdrawalProofReceiptVerification,
  '20261122152000-transfers-manual-deposits': transfersManualDeposits,
  '20261122152100-ledger-transfer-batch': ledgerTransferBatch,
  '20261122160000-games': games,
  '20261122161000-games-catalogue': gamesCatalogue,
  '20261122162000-seamless-wallet': seamlessWallet,
  '20261122163000-sandbox-provider': sandboxProvider,
  '20261122165000-merchant-blocked-countries': merchantBlockedCountries,
  '20261122166000-announcement-reads': announcementReads,
  '20261122170000-builtin-games': builtinGames,
  '20261122170100-builtin-one-open-round': builtinOneOpenRound,
  '20261122200000-lottery': lottery,
  '20261126040000-builtin-step-actions': builtinStepActions,
  '20261126040000-operator-login-failures': operatorLoginFailures,
  '20261126050000-events': events,
  '20261126050100-play-rollups': playRollups,
  '20261126051000-sandbox-provider-settings': sandboxProviderSettings,
  '20261126060000-audit-log-lookups': auditLogLookups,
  '20261126070000-builtin-rounds-paid-through': builtinRoundsPaidThrough,
  '20261126070000-play-rollups-by-start-hour': playRollupsByStartHour,
  '20261126070000-session-member-type': sessionMemberType,
  '20261126070100-game-big-wins': gameBigWins,
  '20261126073000-operator-console': operatorConsole,
  '20261126080000-keyset-paging-indexes': keysetPagingIndexes,
  '20261126080000-maintenance-plan': maintenancePlan,
  '20261126090000-instant-round-function': instantRoundFunction,
  '20261126103000-content-console': contentConsole,
  '20261126110000-member-console': memberConsole,
  '20261126120000-member-tree': memberTree,
  '20261126121000-agent-team-rollups': agentTeamRollups,
  '20261126130000-agent-contracts': agentContracts,
  '20261126130000-promotions': promotions,
  '20261126140000-bonus-engine': bonusEngine,
  '20261126140000-loyalty-points-ranks': loyaltyPointsRanks,
  '20261126140000-messages-chat': messagesChat,
  '20261126140000-missions-referrals': missionsReferrals,
  '20261126140000-security-centre': securityCentre,
  '20261126150000-agent-contract-paging': agentContractPaging,
  '20261126150000-console-catalogue': consoleCatalogue,
  '20261126150000-platform-operators': platformOperators,
  '20261126150100-announcement-audience': announcementAudience,
  '20261126160000-member-login-failures': memberLoginFailures,
  '20261126160000-verified-mobile-lookup': verifiedMobileLookup,
  '20261126160100-members-last-login-order': membersLastLoginOrder,
  '20261126180000-ledger-reconciliation-status': ledgerReconciliationStatus,
  '20261126180000-point-reward-terms': pointRewardTerms,
  '20261126180100-free-spins': freeSpins,
  '20261126180200-register-device': registerDevice,
  '20261126200000-time-partitions': timePartitions,
  '20261126210000-agent-contract-templates': agentContractTemplates,
  '20261126210000-ledger-transfer-set': ledgerTransferSet,
  '20261126210000-promotion-participants-order': promotionParticipantsOrder,
  '20261126210000-web-vitals': webVitals,
  '20261126210000-withdrawal-banks': withdrawalBanks,
  '20261126210100-merchant-on-every-row': merchantOnEveryRow,
  '20261127000500-member-info-changes': memberInfoChanges,
  '20261127004100-agent-commission': agentCommission,
  '20261127004100-lottery-slip-rounds': lotterySlipRounds,
  '20261127004100-merchant-hot-path': merchantHotPath,
};
