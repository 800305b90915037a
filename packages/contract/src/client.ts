/**
 * What a browser client needs at run time, without zod: routes, error codes and texts, the
 * registration patterns and rules, money, page totals, languages. Types of every call come from
 * `call-types.ts` and cost nothing at run time.
 */

export { ADMIN_CSV_EXPORT_ROWS_MAX, adminExportPaths } from './admin-export.js';
export * from './agent-commission-constants.js';
export * from './bonus-constants.js';
export * from './builtin-games-constants.js';
export * from './builtin-slots-constants.js';
export type { CallBody, CallQuery, CallValue, HttpMethod } from './call.js';
export type { Calls, RouteBody, RouteQuery, RouteValue } from './call-types.js';
export type { AdminBonus } from './calls/admin-bonus.js';
export type {
  AdminSettings,
  LanguageSettings,
  SiteAccessSettings,
} from './calls/admin-settings.js';
export type { AffiliateCheck, AffiliateCheckQuery, AgentOverview } from './calls/affiliate.js';
export type {
  AgentPeriod,
  AgentTeamOverview,
  DownlineMember,
  DownlineTransaction,
  InvitationCode,
  MemberProfitRow,
  TeamFigures,
} from './calls/agent-centre.js';
export type {
  AgentContract,
  AgentContractKind,
  AgentContractTerms,
  AgentSettlement,
  CommissionTerms,
  DividendPeriod,
  DividendTerms,
  RealTimeTerms,
  SalaryTerms,
} from './calls/agent-contracts.js';
export type { BonusView, ClaimableReward } from './calls/bonus.js';
export type {
  BuiltinGamesSettings,
  BuiltinRevealedSeed,
  BuiltinSeeds,
  BuiltinSession,
} from './calls/builtin-games.js';
export type { BuiltinRound, BuiltinRoundProof } from './calls/builtin-round.js';
export type { SlotParamsInput } from './calls/builtin-slots.js';
export type { Announcement, AnnouncementType, Banner, HelpArticle } from './calls/content.js';
export type { FreeSpinGrant } from './calls/free-spins.js';
export type {
  GameRecordFilters,
  GameRecordTotals,
  GameRoundDetail,
  GameRoundRow,
  PersonalProfit,
} from './calls/game-records.js';
export type { Game, PvpRoom, RankEntry, VendorCard, VendorCategory } from './calls/games.js';
export type {
  LotteryBet,
  LotteryBetRequest,
  LotteryBetType,
  LotteryDraw,
  LotteryDrawEvent,
  LotteryGame,
  LotteryResult,
} from './calls/lottery.js';
export type { AdminLotteryDraw } from './calls/lottery-admin.js';
export type {
  ChangePasswordRequest,
  MemberInfo,
  RegisterMobileRequest,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordByPhoneRequest,
} from './calls/member.js';
export type { PlatformMessage } from './calls/messages.js';
export type {
  ForgotPasswordByEmailRequest,
  ResetPasswordByEmailRequest,
} from './calls/password-reset.js';
export type { BankDetails, Deposit, PaymentMethod } from './calls/payments.js';
export type { PointConfig, PointDetailRow, PointReward, RedeemRecord } from './calls/points.js';
export type { PromotionCard, PromotionDetail } from './calls/promotions.js';
export type { LoginHistoryItem, SecurityProfile } from './calls/security-centre.js';
export type { LoginRequest, LoginResponse } from './calls/session.js';
export type { SocialProviderName } from './calls/social.js';
export type {
  DomainRoute,
  MerchantSummary,
  ResourceQr,
  SystemStatus,
  WhiteLabelSwitches,
} from './calls/system.js';
export type { MemberTransfer } from './calls/transfers.js';
export type {
  CaptchaChallenge,
  SliderPuzzle,
  SliderTracePoint,
  SliderVerifyRequest,
  SmsCodeRequest,
  SmsCodeSent,
} from './calls/verification.js';
export type {
  Balance,
  ConsolidatedFunds,
  MerchantWallet,
  VendorWallet,
  WalletTransfer,
} from './calls/wallet.js';
export type { RecordPage, RecordRow } from './calls/wallet-records.js';
export type {
  BankAccount,
  Withdrawal,
  WithdrawalVerificationMethod,
} from './calls/withdrawals.js';
export type { CursorPage } from './cursor-paging.js';
export type { ErrorDetails, ErrorEnvelope } from './envelope.js';
export * from './errors.js';
export { FEEDBACK_MAX_LENGTH, FEEDBACK_MIN_LENGTH } from './feedback-constants.js';
export * from './game-constants.js';
export * from './game-records-constants.js';
export * from './language-codes.js';
export * from './lottery-constants.js';
export * from './member-types.js';
export * from './messages.js';
export * from './messages-chat-constants.js';
export * from './money.js';
export * from './page-totals.js';
export * from './password-reset-constants.js';
export * from './points-constants.js';
export * from './promotion-constants.js';
export * from './realtime.js';
export * from './register-pattern-safety.js';
export * from './register-patterns.js';
export * from './register-rules.js';
export * from './request-headers.js';
export * from './routes.js';
export { securityRoutes } from './security-routes.js';
export * from './settings-rules.js';
export * from './site-resources.js';
export * from './slider-constants.js';
export { SMS_CODE_LENGTH, SMS_RESEND_SECONDS } from './sms-constants.js';
export * from './stake-profiles.js';
export * from './system-status-codes.js';
export * from './wallet-constants.js';
export * from './web-vitals-constants.js';
export { withdrawalBankRoutes } from './withdrawal-bank-routes.js';
export * from './withdrawal-constants.js';
