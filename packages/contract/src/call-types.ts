import type { CallBody, CallQuery, CallValue } from './call.js';
import type {
  adminApproveWithdrawalCall,
  adminAuditLogCall,
  adminAuditVerifyCall,
  adminLoginCall,
  adminRejectWithdrawalCall,
  adminResolveWithdrawalCaseCall,
  adminWithdrawalCasesCall,
  adminWithdrawalsCall,
} from './calls/admin.js';
import type {
  adminCreateOperatorCall,
  adminDashboardCall,
  adminLogoutCall,
  adminOperatorsCall,
  adminSessionCall,
  adminTotpConfirmCall,
  adminTotpStartCall,
  adminUpdateOperatorCall,
} from './calls/admin-console.js';
import type {
  adminMissionsCall,
  adminReferralRuleCall,
  adminSaveMissionCall,
  adminSaveReferralRuleCall,
  adminSetMissionStatusCall,
} from './calls/admin-missions.js';
import type {
  adminAdjustBalanceCall,
  adminApproveDepositCall,
  adminDepositsCall,
  adminRejectDepositCall,
} from './calls/admin-money.js';
import type { affiliateCheckCall, agentOverviewCall } from './calls/affiliate.js';
import type { agentAnnouncementsCall } from './calls/agent-announcements.js';
import type {
  agentDownlineCall,
  agentDownlineTransactionsCall,
  agentInvitationCodesCall,
  agentInvitationQrCall,
  agentRegisterDownlineCall,
  agentSaveInvitationCodeCall,
  agentSetDownlineTypeCall,
  agentTeamBettingCall,
  agentTeamOverviewCall,
  agentUserProfitCall,
} from './calls/agent-centre.js';
import type { agentContractTemplatesCall } from './calls/agent-contract-templates.js';
import type {
  agentContractHistoryCall,
  agentContractListCall,
  agentRevenueReportCall,
  agentSettlementListCall,
  processCommissionCall,
  processDailySalaryCall,
  processDividendCall,
  processHourlySalaryCall,
  processRealTimeSalaryCall,
} from './calls/agent-contracts.js';
import type { bonusListCall, forfeitBonusCall, rewardCenterCall } from './calls/bonus.js';
import type {
  builtinActCall,
  builtinBalanceCall,
  builtinHistoryCall,
  builtinOpenCall,
  builtinPlayCall,
  builtinRotateSeedCall,
  builtinSeedsCall,
  builtinSessionCall,
  builtinSetClientSeedCall,
} from './calls/builtin-games.js';
import type {
  announcementsCall,
  bannersCall,
  feedbackCall,
  helpCenterCall,
  markAnnouncementReadCall,
  unreadCountCall,
} from './calls/content.js';
import type { chatUrlCall } from './calls/customer-service.js';
import type { builtinFreeSpinsCall, builtinPlayFreeSpinCall } from './calls/free-spins.js';
import type {
  bettingRecordsCall,
  gameRecordFiltersCall,
  gameRoundCall,
  lastGameRoundCall,
  personalProfitCall,
} from './calls/game-records.js';
import type {
  addFavouriteGameCall,
  favouriteGameIdsCall,
  favouriteGamesCall,
  gameListCall,
  gameMenusCall,
  hotGamesCall,
  launchGameCall,
  newGameVendorCall,
  popularGamesCall,
  pvpRoomListCall,
  rankListCall,
  recentGamesCall,
  removeFavouriteGameCall,
  vassGameTypeCall,
} from './calls/games.js';
import type {
  lotteryCancelBetCall,
  lotteryCurrentDrawCall,
  lotteryDrawHistoryCall,
  lotteryGameMenuCall,
  lotteryGamesCall,
  lotteryLaunchCall,
  lotteryMyBetsCall,
  lotteryOpenedNumbersCall,
  lotteryOpenedNumeroCall,
  lotteryPlaceSlipCall,
  lotteryRecentGamesCall,
  lotteryTrendCall,
} from './calls/lottery.js';
import type {
  adminLotteryConfirmResultCall,
  adminLotteryDrawsCall,
  adminLotteryEnterResultCall,
  adminLotteryVoidDrawCall,
} from './calls/lottery-admin.js';
import type {
  adminLotteryConfigureGameCall,
  adminLotteryGamesCall,
} from './calls/lottery-admin-games.js';
import type {
  changePasswordCall,
  memberIconCall,
  memberInfoCall,
  registerCall,
  registerMobileCall,
  resetPasswordByPhoneCall,
} from './calls/member.js';
import type {
  chatHistoryCall,
  chatPostCall,
  chatRoomCall,
  deleteMessageCall,
  messagesCall,
  readMessageCall,
} from './calls/messages.js';
import type {
  claimMissionCall,
  missionLeaderboardCall,
  missionSummaryCall,
} from './calls/missions.js';
import type {
  forgotPasswordByEmailCall,
  resetPasswordByEmailCall,
} from './calls/password-reset.js';
import type {
  createDepositCall,
  depositCall,
  depositsCall,
  paymentMethodsCall,
} from './calls/payments.js';
import type {
  convertPointCall,
  pointBalanceCall,
  pointConfigCall,
  pointDetailCall,
  pointRewardsCall,
  redeemPointListCall,
  redeemPointRewardCall,
} from './calls/points.js';
import type {
  claimRafflePromotionCall,
  promotionApplyCall,
  promotionClaimCall,
  promotionCountCall,
  promotionDetailCall,
  promotionJoinCall,
  promotionListCall,
} from './calls/promotions.js';
import type { myReferralCall, referralFriendsCall } from './calls/referrals.js';
import type {
  securityBindEmailCall,
  securityBindMobileCall,
  securityEmailCodeCall,
  securityLoginsCall,
  securityMobileCodeCall,
  securityPaymentPasswordCall,
  securityPaymentPasswordCodeCall,
  securityProfileCall,
  securitySessionsCall,
  securitySignOutOthersCall,
  securitySignOutSessionCall,
  updateLanguageCall,
} from './calls/security-centre.js';
import type {
  forgetRememberedCall,
  freePlayLoginCall,
  loginCall,
  logoutCall,
  rememberedLoginCall,
} from './calls/session.js';
import type { socialExchangeCall, socialProvidersCall } from './calls/social.js';
import type {
  domainRouteCall,
  registerSettingsCall,
  resourceQrCall,
  systemStatusCall,
  whiteLabelCall,
} from './calls/system.js';
import type {
  transferDownlineCall,
  transferUplineCall,
  transferUplineInfoCall,
} from './calls/transfers.js';
import type {
  captchaCall,
  sliderPuzzleCall,
  sliderVerifyCall,
  smsNoLoginCall,
  smsRegisterCall,
} from './calls/verification.js';
import type {
  balanceCall,
  consolidatedFundsCall,
  merchantWalletCall,
  walletTransferCall,
} from './calls/wallet.js';
import type { bonusDetailsCall, transactionsCall } from './calls/wallet-records.js';
import type { withdrawalBanksCall } from './calls/withdrawal-banks.js';
import type {
  addBankAccountCall,
  bankAccountsCall,
  confirmWithdrawalCall,
  createWithdrawalCall,
  sendWithdrawalCodeCall,
  setPaymentPasswordCall,
  withdrawalsCall,
} from './calls/withdrawals.js';
/** Each route's call definition, as types only: importing this costs a client no code. */
export interface Calls {
  systemStatus: typeof systemStatusCall;
  whiteLabel: typeof whiteLabelCall;
  registerSettings: typeof registerSettingsCall;
  domainRoute: typeof domainRouteCall;
  resourceQr: typeof resourceQrCall;
  login: typeof loginCall;
  logout: typeof logoutCall;
  freePlayLogin: typeof freePlayLoginCall;
  rememberedLogin: typeof rememberedLoginCall;
  forgetRemembered: typeof forgetRememberedCall;
  memberIcon: typeof memberIconCall;
  socialProviders: typeof socialProvidersCall;
  socialExchange: typeof socialExchangeCall;
  register: typeof registerCall;
  memberInfo: typeof memberInfoCall;
  changePassword: typeof changePasswordCall;
  captcha: typeof captchaCall;
  sliderPuzzle: typeof sliderPuzzleCall;
  sliderVerify: typeof sliderVerifyCall;
  smsRegister: typeof smsRegisterCall;
  smsNoLogin: typeof smsNoLoginCall;
  registerMobile: typeof registerMobileCall;
  affiliateCheck: typeof affiliateCheckCall;
  agentOverview: typeof agentOverviewCall;
  resetPasswordByPhone: typeof resetPasswordByPhoneCall;
  forgotPasswordByEmail: typeof forgotPasswordByEmailCall;
  resetPasswordByEmail: typeof resetPasswordByEmailCall;
  balance: typeof balanceCall;
  consolidatedFunds: typeof consolidatedFundsCall;
  merchantWallet: typeof merchantWalletCall;
  walletTransfer: typeof walletTransferCall;
  transactions: typeof transactionsCall;
  bonusDetails: typeof bonusDetailsCall;
  paymentMethods: typeof paymentMethodsCall;
  createDeposit: typeof createDepositCall;
  deposit: typeof depositCall;
  deposits: typeof depositsCall;
  announcements: typeof announcementsCall;
  helpCenter: typeof helpCenterCall;
  banners: typeof bannersCall;
  feedback: typeof feedbackCall;
  unreadCount: typeof unreadCountCall;
  chatUrl: typeof chatUrlCall;
  markAnnouncementRead: typeof markAnnouncementReadCall;
  bankAccounts: typeof bankAccountsCall;
  addBankAccount: typeof addBankAccountCall;
  setPaymentPassword: typeof setPaymentPasswordCall;
  createWithdrawal: typeof createWithdrawalCall;
  withdrawals: typeof withdrawalsCall;
  sendWithdrawalCode: typeof sendWithdrawalCodeCall;
  confirmWithdrawal: typeof confirmWithdrawalCall;
  adminLogin: typeof adminLoginCall;
  adminWithdrawals: typeof adminWithdrawalsCall;
  adminApproveWithdrawal: typeof adminApproveWithdrawalCall;
  adminRejectWithdrawal: typeof adminRejectWithdrawalCall;
  adminAuditLog: typeof adminAuditLogCall;
  adminWithdrawalCases: typeof adminWithdrawalCasesCall;
  adminResolveWithdrawalCase: typeof adminResolveWithdrawalCaseCall;
  adminDeposits: typeof adminDepositsCall;
  adminApproveDeposit: typeof adminApproveDepositCall;
  adminRejectDeposit: typeof adminRejectDepositCall;
  adminAdjustBalance: typeof adminAdjustBalanceCall;
  adminSession: typeof adminSessionCall;
  adminLogout: typeof adminLogoutCall;
  adminTotpStart: typeof adminTotpStartCall;
  adminTotpConfirm: typeof adminTotpConfirmCall;
  adminAuditVerify: typeof adminAuditVerifyCall;
  adminOperators: typeof adminOperatorsCall;
  adminCreateOperator: typeof adminCreateOperatorCall;
  adminUpdateOperator: typeof adminUpdateOperatorCall;
  adminDashboard: typeof adminDashboardCall;
  transferUplineInfo: typeof transferUplineInfoCall;
  transferUpline: typeof transferUplineCall;
  transferDownline: typeof transferDownlineCall;
  gameMenus: typeof gameMenusCall;
  popularGames: typeof popularGamesCall;
  hotGames: typeof hotGamesCall;
  gameList: typeof gameListCall;
  vassGameType: typeof vassGameTypeCall;
  newGameVendor: typeof newGameVendorCall;
  favouriteGames: typeof favouriteGamesCall;
  favouriteGameIds: typeof favouriteGameIdsCall;
  addFavouriteGame: typeof addFavouriteGameCall;
  removeFavouriteGame: typeof removeFavouriteGameCall;
  recentGames: typeof recentGamesCall;
  rankList: typeof rankListCall;
  pvpRoomList: typeof pvpRoomListCall;
  launchGame: typeof launchGameCall;
  bettingRecords: typeof bettingRecordsCall;
  gameRecordFilters: typeof gameRecordFiltersCall;
  personalProfit: typeof personalProfitCall;
  gameRound: typeof gameRoundCall;
  lastGameRound: typeof lastGameRoundCall;
  builtinOpen: typeof builtinOpenCall;
  builtinSession: typeof builtinSessionCall;
  builtinBalance: typeof builtinBalanceCall;
  builtinPlay: typeof builtinPlayCall;
  builtinAct: typeof builtinActCall;
  builtinHistory: typeof builtinHistoryCall;
  builtinSeeds: typeof builtinSeedsCall;
  builtinSetClientSeed: typeof builtinSetClientSeedCall;
  builtinRotateSeed: typeof builtinRotateSeedCall;
  lotteryGameMenu: typeof lotteryGameMenuCall;
  lotteryRecentGames: typeof lotteryRecentGamesCall;
  lotteryOpenedNumbers: typeof lotteryOpenedNumbersCall;
  lotteryOpenedNumero: typeof lotteryOpenedNumeroCall;
  lotteryLaunch: typeof lotteryLaunchCall;
  lotteryGames: typeof lotteryGamesCall;
  lotteryCurrentDraw: typeof lotteryCurrentDrawCall;
  lotteryDrawHistory: typeof lotteryDrawHistoryCall;
  lotteryTrend: typeof lotteryTrendCall;
  lotteryPlaceSlip: typeof lotteryPlaceSlipCall;
  lotteryMyBets: typeof lotteryMyBetsCall;
  lotteryCancelBet: typeof lotteryCancelBetCall;
  adminLotteryDraws: typeof adminLotteryDrawsCall;
  adminLotteryEnterResult: typeof adminLotteryEnterResultCall;
  adminLotteryConfirmResult: typeof adminLotteryConfirmResultCall;
  adminLotteryVoidDraw: typeof adminLotteryVoidDrawCall;
  adminLotteryGames: typeof adminLotteryGamesCall;
  adminLotteryConfigureGame: typeof adminLotteryConfigureGameCall;
  messages: typeof messagesCall;
  readMessage: typeof readMessageCall;
  deleteMessage: typeof deleteMessageCall;
  chatRoom: typeof chatRoomCall;
  chatHistory: typeof chatHistoryCall;
  chatPost: typeof chatPostCall;
  promotionList: typeof promotionListCall;
  promotionDetail: typeof promotionDetailCall;
  promotionJoin: typeof promotionJoinCall;
  promotionClaim: typeof promotionClaimCall;
  promotionApply: typeof promotionApplyCall;
  promotionCount: typeof promotionCountCall;
  claimRafflePromotion: typeof claimRafflePromotionCall;
  bonusList: typeof bonusListCall;
  rewardCenter: typeof rewardCenterCall;
  forfeitBonus: typeof forfeitBonusCall;
  securityProfile: typeof securityProfileCall;
  securityEmailCode: typeof securityEmailCodeCall;
  securityBindEmail: typeof securityBindEmailCall;
  securityMobileCode: typeof securityMobileCodeCall;
  securityBindMobile: typeof securityBindMobileCall;
  securityPaymentPasswordCode: typeof securityPaymentPasswordCodeCall;
  securityPaymentPassword: typeof securityPaymentPasswordCall;
  securityLogins: typeof securityLoginsCall;
  securitySessions: typeof securitySessionsCall;
  securitySignOutSession: typeof securitySignOutSessionCall;
  securitySignOutOthers: typeof securitySignOutOthersCall;
  updateLanguage: typeof updateLanguageCall;
  pointBalance: typeof pointBalanceCall;
  pointRewards: typeof pointRewardsCall;
  redeemPointReward: typeof redeemPointRewardCall;
  redeemPointList: typeof redeemPointListCall;
  pointConfig: typeof pointConfigCall;
  convertPoint: typeof convertPointCall;
  pointDetail: typeof pointDetailCall;
  missionSummary: typeof missionSummaryCall;
  missionLeaderboard: typeof missionLeaderboardCall;
  claimMission: typeof claimMissionCall;
  myReferral: typeof myReferralCall;
  referralFriends: typeof referralFriendsCall;
  adminMissions: typeof adminMissionsCall;
  adminSaveMission: typeof adminSaveMissionCall;
  adminSetMissionStatus: typeof adminSetMissionStatusCall;
  adminReferralRule: typeof adminReferralRuleCall;
  adminSaveReferralRule: typeof adminSaveReferralRuleCall;
  processDividend: typeof processDividendCall;
  processDailySalary: typeof processDailySalaryCall;
  processHourlySalary: typeof processHourlySalaryCall;
  processRealTimeSalary: typeof processRealTimeSalaryCall;
  agentContracts: typeof agentContractListCall;
  agentContractHistory: typeof agentContractHistoryCall;
  agentSettlements: typeof agentSettlementListCall;
  agentRevenueReport: typeof agentRevenueReportCall;
  agentTeamOverview: typeof agentTeamOverviewCall;
  agentDownline: typeof agentDownlineCall;
  agentSetDownlineType: typeof agentSetDownlineTypeCall;
  agentRegisterDownline: typeof agentRegisterDownlineCall;
  agentInvitationCodes: typeof agentInvitationCodesCall;
  agentSaveInvitationCode: typeof agentSaveInvitationCodeCall;
  agentTeamBetting: typeof agentTeamBettingCall;
  agentUserProfit: typeof agentUserProfitCall;
  agentDownlineTransactions: typeof agentDownlineTransactionsCall;
  agentInvitationQr: typeof agentInvitationQrCall;
  builtinFreeSpins: typeof builtinFreeSpinsCall;
  builtinPlayFreeSpin: typeof builtinPlayFreeSpinCall;
  agentAnnouncements: typeof agentAnnouncementsCall;
  withdrawalBanks: typeof withdrawalBanksCall;
  agentContractTemplates: typeof agentContractTemplatesCall;
  processCommission: typeof processCommissionCall;
}

export type RouteBody<N extends keyof Calls> = CallBody<Calls[N]>;
export type RouteQuery<N extends keyof Calls> = CallQuery<Calls[N]>;
export type RouteValue<N extends keyof Calls> = CallValue<Calls[N]>;
