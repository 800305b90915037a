import type {
  LotteryArea,
  LotteryBetStatus,
  LotteryDrawSource,
  LotteryDrawStatus,
  LotteryFormat,
  LotteryPrizeMode,
  LotteryResult,
} from '@app/contract';
import type { LotterySchedule } from '../../db/types.js';

export type { LotterySchedule };

export interface LotteryGameRecord {
  id: bigint;
  merchantCode: string;
  gameCode: string;
  area: LotteryArea;
  prizeMode: LotteryPrizeMode;
  format: LotteryFormat;
  vassalage: string;
  /** The catalogue entry of the game (games.node_id), when the vendor lists it. */
  nodeId: bigint | null;
  names: Record<string, string>;
  source: LotteryDrawSource;
  schedule: LotterySchedule;
  closeOffsetSeconds: number;
  cancelAllowed: boolean;
  minStakeMinor: bigint;
  maxStakeMinor: bigint;
  maxLiabilityMinor: bigint;
  enabled: boolean;
  sortOrder: number;
}

export interface LotteryDrawRecord {
  id: bigint;
  gameId: bigint;
  gameCode: string;
  merchantCode: string;
  drawNo: string;
  status: LotteryDrawStatus;
  opensAt: Date;
  closesAt: Date;
  drawAt: Date;
  /** Secret until the draw is drawn; never answered before. */
  seed: string | null;
  seedHash: string | null;
  drawKey: string | null;
  result: LotteryResult | null;
  enteredResult: LotteryResult | null;
  enteredBy: bigint | null;
  confirmedBy: bigint | null;
  voidReason: string | null;
  drawnAt: Date | null;
  settledAt: Date | null;
}

export interface NewDraw {
  gameId: bigint;
  merchantCode: string;
  drawNo: string;
  opensAt: Date;
  closesAt: Date;
  drawAt: Date;
  seed: string | null;
  seedHash: string | null;
  drawKey: string | null;
  /** The game's limits when the draw is created: every bet of the draw is held to them. */
  limits: DrawLimits;
}

/** Stake and payout limits a draw holds (a snapshot of its game's when it was created). */
export interface DrawLimits {
  minStakeMinor: bigint;
  maxStakeMinor: bigint;
  maxLiabilityMinor: bigint;
}

export interface LotteryBetRecord {
  id: bigint;
  slipId: string;
  merchantCode: string;
  memberId: bigint;
  gameId: bigint;
  gameCode: string;
  drawId: bigint;
  drawNo: string;
  currency: string;
  betType: string;
  numbers: string[];
  position: number | null;
  amountPerPointMinor: bigint;
  points: number;
  stakeMinor: bigint;
  odds: number;
  status: LotteryBetStatus;
  hits: number | null;
  payoutMinor: bigint;
  placedAt: Date;
  settledAt: Date | null;
  /** Its slip has one round and one win transfer (false: placed before, a round per bet). */
  roundPerSlip: boolean;
}

export interface NewBet {
  betType: string;
  numbers: string[];
  position: number | null;
  amountPerPointMinor: bigint;
  points: number;
  stakeMinor: bigint;
  odds: number;
}

export interface Page<T> {
  list: T[];
  totalCount: number;
}
