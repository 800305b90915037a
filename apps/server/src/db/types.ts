import type { Insertable, Selectable } from 'kysely';
import type {
  AffiliateCodesTable,
  MemberLabelLinksTable,
  MemberLabelsTable,
  MemberLoginFailuresTable,
  MemberNotesTable,
  MembersTable,
  MemberTreeTable,
  MerchantsTable,
  SecurityEmailCodesTable,
  SessionsTable,
} from './tables/accounts.js';
import type {
  AgentContractHistoryTable,
  AgentContractSettlementsTable,
  AgentContractsTable,
  AgentContractTemplatesTable,
  AgentTeamActiveTable,
  AgentTeamCategoryFiguresTable,
  AgentTeamFiguresTable,
} from './tables/agent-contracts.js';
import type {
  AgentMemberMoneyDailyTable,
  AgentTeamActiveDailyTable,
  AgentTeamMoneyDailyTable,
  AgentTeamPlayHourlyTable,
  AgentTeamTransactionsTable,
} from './tables/agents.js';
import type { BonusesTable, BonusSettingsTable } from './tables/bonus.js';

import type {
  BuiltinGameSessionsTable,
  BuiltinRoundsTable,
  BuiltinSeedPairsTable,
} from './tables/builtin-games.js';
import type {
  ContentAnnouncementsTable,
  ContentBannersTable,
  ContentHelpArticlesTable,
  ContentImagesTable,
  MemberAnnouncementReadsTable,
  MemberFeedbackTable,
} from './tables/content.js';
import type {
  EventConsumersTable,
  EventsTable,
  PlayAgentDailyTable,
  PlayMemberDailyTable,
} from './tables/events.js';
import type { FreeSpinGrantsTable, FreeSpinPlaysTable } from './tables/free-spins.js';
import type {
  GameBigWinsTable,
  GameProvidersTable,
  GameRoundRefsTable,
  GameRoundsTable,
  GamesTable,
  GameTextsTable,
  GameVendorsTable,
  MemberFavouriteGamesTable,
  MemberRecentGamesTable,
} from './tables/games.js';
import type { GameIconsTable, PvpRoomsTable } from './tables/games-catalogue.js';
import type {
  LedgerAccountsTable,
  LedgerArchivedTotalsTable,
  LedgerEntriesTable,
  LedgerReconciliationStatusTable,
  LedgerTransfersTable,
  VendorWalletsTable,
} from './tables/ledger.js';
import type {
  LotteryBetsTable,
  LotteryDrawsTable,
  LotteryGamesTable,
  LotteryLiabilityTable,
  LotterySlipsTable,
} from './tables/lottery.js';
import type {
  PointRedemptionsTable,
  PointRewardsTable,
  PointRulesTable,
  PointSettingsTable,
  VipMemberDailyTable,
  VipMemberRanksTable,
  VipRanksTable,
  VipSettingsTable,
} from './tables/loyalty.js';
import type {
  MissionProgressTable,
  MissionsTable,
  ReferralCodesTable,
  ReferralRulesTable,
  ReferralsTable,
} from './tables/loyalty-missions.js';
import type {
  ChatMessagesTable,
  ChatMutesTable,
  ChatRoomsTable,
  PlatformMessageStatesTable,
  PlatformMessagesTable,
} from './tables/messages-chat.js';
import type {
  AdjustmentSettingsTable,
  AuditChainHeadsTable,
  AuditLogTable,
  BalanceAdjustmentRequestsTable,
  OperatorLoginFailuresTable,
  OperatorRecoveryCodesTable,
  OperatorSessionsTable,
  OperatorsTable,
} from './tables/operators.js';
import type {
  DepositsTable,
  MemberBankAccountsTable,
  MemberKnownIpsTable,
  MemberTransfersTable,
  PaymentMethodsTable,
  SandboxGatewayPaymentsTable,
  TransferSettingsTable,
  WithdrawalBanksTable,
  WithdrawalCasesTable,
  WithdrawalEmailCodesTable,
  WithdrawalProofsTable,
  WithdrawalSettingsTable,
  WithdrawalsTable,
} from './tables/payments.js';
import type {
  PromotionApplicationImagesTable,
  PromotionApplicationsTable,
  PromotionMemberDepositsTable,
  PromotionParticipationsTable,
  PromotionRaffleWinnersTable,
  PromotionsTable,
} from './tables/promotions.js';
import type {
  SandboxProviderRoundsTable,
  SandboxProviderSessionsTable,
  SandboxProviderSettingsTable,
} from './tables/sandbox-provider.js';
import type {
  GameLaunchTokensTable,
  GameSessionsTable,
  GameWalletTransactionsTable,
  GameWalletTransfersTable,
} from './tables/seamless.js';
import type {
  CaptchasTable,
  ChallengeTokensTable,
  EmailOutboxTable,
  LoginFailuresTable,
  MemberIdentitiesTable,
  PasswordResetTokensTable,
  PhoneIdentitySettingsTable,
  PhoneIdentityUsedTokensTable,
  RateLimitBucketsTable,
  RememberTokensTable,
  SliderChallengesTable,
  SmsCodesTable,
  SmsOutboxTable,
  SocialLoginCodesTable,
  SocialProvidersTable,
  SocialSignInStatesTable,
} from './tables/verification.js';
import type { WebVitalsSamplesTable } from './tables/web-vitals.js';

/** The tables, one file per domain under `tables/`; this file is the whole schema. */
export type * from './tables/accounts.js';
export type * from './tables/agent-contracts.js';
export type * from './tables/agents.js';
export type * from './tables/bonus.js';
export type * from './tables/builtin-games.js';
export type * from './tables/content.js';
export type * from './tables/events.js';
export type * from './tables/games.js';
export type * from './tables/games-catalogue.js';
export type * from './tables/ledger.js';
export type * from './tables/lottery.js';
export type * from './tables/loyalty.js';
export type * from './tables/messages-chat.js';
export type * from './tables/operators.js';
export type * from './tables/payments.js';
export type * from './tables/sandbox-provider.js';
export type * from './tables/seamless.js';
export type * from './tables/verification.js';
export type * from './tables/web-vitals.js';

export interface Database {
  merchants: MerchantsTable;
  content_banners: ContentBannersTable;
  content_announcements: ContentAnnouncementsTable;
  content_help_articles: ContentHelpArticlesTable;
  content_images: ContentImagesTable;
  member_announcement_reads: MemberAnnouncementReadsTable;
  member_feedback: MemberFeedbackTable;
  members: MembersTable;
  affiliate_codes: AffiliateCodesTable;
  member_labels: MemberLabelsTable;
  member_label_links: MemberLabelLinksTable;
  member_notes: MemberNotesTable;
  balance_adjustment_requests: BalanceAdjustmentRequestsTable;
  adjustment_settings: AdjustmentSettingsTable;
  sessions: SessionsTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  ledger_entries: LedgerEntriesTable;
  vendor_wallets: VendorWalletsTable;
  rate_limit_buckets: RateLimitBucketsTable;
  captchas: CaptchasTable;
  login_failures: LoginFailuresTable;
  slider_challenges: SliderChallengesTable;
  challenge_tokens: ChallengeTokensTable;
  remember_tokens: RememberTokensTable;
  sms_codes: SmsCodesTable;
  sms_outbox: SmsOutboxTable;
  email_outbox: EmailOutboxTable;
  password_reset_tokens: PasswordResetTokensTable;
  payment_methods: PaymentMethodsTable;
  deposits: DepositsTable;
  sandbox_gateway_payments: SandboxGatewayPaymentsTable;
  withdrawal_settings: WithdrawalSettingsTable;
  transfer_settings: TransferSettingsTable;
  member_transfers: MemberTransfersTable;
  member_bank_accounts: MemberBankAccountsTable;
  withdrawals: WithdrawalsTable;
  withdrawal_proofs: WithdrawalProofsTable;
  withdrawal_cases: WithdrawalCasesTable;
  member_known_ips: MemberKnownIpsTable;
  withdrawal_email_codes: WithdrawalEmailCodesTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  operator_login_failures: OperatorLoginFailuresTable;
  audit_log: AuditLogTable;
  audit_chain_heads: AuditChainHeadsTable;
  operator_recovery_codes: OperatorRecoveryCodesTable;
  phone_identity_settings: PhoneIdentitySettingsTable;
  phone_identity_used_tokens: PhoneIdentityUsedTokensTable;
  social_providers: SocialProvidersTable;
  social_sign_in_states: SocialSignInStatesTable;
  member_identities: MemberIdentitiesTable;
  social_login_codes: SocialLoginCodesTable;
  game_providers: GameProvidersTable;
  game_vendors: GameVendorsTable;
  games: GamesTable;
  game_texts: GameTextsTable;
  member_favourite_games: MemberFavouriteGamesTable;
  member_recent_games: MemberRecentGamesTable;
  game_big_wins: GameBigWinsTable;
  game_rounds: GameRoundsTable;
  pvp_rooms: PvpRoomsTable;
  game_icons: GameIconsTable;
  sandbox_provider_sessions: SandboxProviderSessionsTable;
  sandbox_provider_rounds: SandboxProviderRoundsTable;
  sandbox_provider_settings: SandboxProviderSettingsTable;
  game_launch_tokens: GameLaunchTokensTable;
  game_sessions: GameSessionsTable;
  game_wallet_transactions: GameWalletTransactionsTable;
  game_wallet_transfers: GameWalletTransfersTable;
  builtin_seed_pairs: BuiltinSeedPairsTable;
  builtin_game_sessions: BuiltinGameSessionsTable;
  builtin_rounds: BuiltinRoundsTable;
  lottery_games: LotteryGamesTable;
  lottery_draws: LotteryDrawsTable;
  lottery_slips: LotterySlipsTable;
  lottery_bets: LotteryBetsTable;
  lottery_liability: LotteryLiabilityTable;
  events: EventsTable;
  event_consumers: EventConsumersTable;
  play_member_daily: PlayMemberDailyTable;
  play_agent_daily: PlayAgentDailyTable;
  platform_messages: PlatformMessagesTable;
  platform_message_states: PlatformMessageStatesTable;
  chat_rooms: ChatRoomsTable;
  chat_messages: ChatMessagesTable;
  chat_mutes: ChatMutesTable;
  promotions: PromotionsTable;
  promotion_participations: PromotionParticipationsTable;
  promotion_applications: PromotionApplicationsTable;
  promotion_application_images: PromotionApplicationImagesTable;
  promotion_member_deposits: PromotionMemberDepositsTable;
  promotion_raffle_winners: PromotionRaffleWinnersTable;
  bonuses: BonusesTable;
  bonus_settings: BonusSettingsTable;
  security_email_codes: SecurityEmailCodesTable;
  point_rules: PointRulesTable;
  point_settings: PointSettingsTable;
  point_rewards: PointRewardsTable;
  point_redemptions: PointRedemptionsTable;
  vip_ranks: VipRanksTable;
  vip_settings: VipSettingsTable;
  vip_member_daily: VipMemberDailyTable;
  vip_member_ranks: VipMemberRanksTable;
  missions: MissionsTable;
  mission_progress: MissionProgressTable;
  referral_codes: ReferralCodesTable;
  referral_rules: ReferralRulesTable;
  referrals: ReferralsTable;
  agent_contracts: AgentContractsTable;
  agent_contract_history: AgentContractHistoryTable;
  agent_contract_settlements: AgentContractSettlementsTable;
  agent_team_figures: AgentTeamFiguresTable;
  agent_team_active: AgentTeamActiveTable;
  member_tree: MemberTreeTable;
  agent_team_play_hourly: AgentTeamPlayHourlyTable;
  agent_team_money_daily: AgentTeamMoneyDailyTable;
  agent_member_money_daily: AgentMemberMoneyDailyTable;
  agent_team_active_daily: AgentTeamActiveDailyTable;
  agent_team_transactions: AgentTeamTransactionsTable;
  free_spin_grants: FreeSpinGrantsTable;
  free_spin_plays: FreeSpinPlaysTable;
  ledger_reconciliation_status: LedgerReconciliationStatusTable;
  member_login_failures: MemberLoginFailuresTable;
  ledger_archived_totals: LedgerArchivedTotalsTable;
  game_round_refs: GameRoundRefsTable;
  agent_contract_templates: AgentContractTemplatesTable;
  withdrawal_banks: WithdrawalBanksTable;
  web_vitals_samples: WebVitalsSamplesTable;
  agent_team_category_figures: AgentTeamCategoryFiguresTable;
}

export type MerchantRow = Selectable<MerchantsTable>;
export type NewMerchantRow = Insertable<MerchantsTable>;
export type MemberRow = Selectable<MembersTable>;
export type SessionRow = Selectable<SessionsTable>;
