/**
 * Lottery maths (docs/lottery-maths.md): result formats, draws, bet types with odds and RTP,
 * selection checks, settlement, liability keys, commit-reveal draws and trend helpers. Pure: no
 * I/O, nothing outside packages/game-math.
 */
export {
  type BetType,
  betTypeOf,
  betTypesOf,
  lotteryBetTypes,
  MAX_COMBINATIONS_PER_BET,
  type PickOdds,
  type PickRule,
  pickOddsOf,
  type SelectionRule,
  type SettleRule,
} from './bet-types';
export { type ChiSquareUniformity, chiSquarePValue, chiSquareUniformity } from './chi-square';
export {
  allNumbersOf,
  DICE3,
  DIGIT5,
  drawResult,
  isLotteryFormatCode,
  LOTTERY_FORMAT_CODES,
  type LotteryFormat,
  type LotteryFormatCode,
  type LotteryResult,
  lotteryFormats,
  numberCountOf,
  type PrizeSpec,
  type ResultProblem,
  type ResultProblemCode,
  THAI,
  VN_NORTH,
  VN_SOUTH,
  validateResult,
} from './formats';
export { type LiabilityItem, liabilityOf, worstPayoutBp } from './liability';
export { BASIS_POINTS, payoutMinorOf, stakeMinorOf } from './money';
export { exactRtpOf, type Rational, rtpBpOf } from './rtp';
export { drawSeededResult, type SeededDrawInputs } from './seeded-draw';
export {
  choose,
  combinations,
  type LotterySelection,
  pointsOf,
  SELECTION_REASONS,
  type SelectionCheck,
  type SelectionReason,
  validateSelection,
} from './selection';
export { type BetSettlement, DICE_BIG_FROM, settleBet, tailsOf } from './settle';
export { digitCountsOf, digitTrend, type PositionTrend, trendNumberOf } from './trend';
