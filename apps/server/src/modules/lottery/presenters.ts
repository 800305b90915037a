import {
  type LotteryBet,
  type LotteryDraw,
  type LotteryDrawEvent,
  type LotteryDrawEventType,
  type LotteryGame,
  minorToAmount,
  type StakeProfile,
} from '@app/contract';
import { betTypesFor } from './maths.js';
import type { LotteryBetRecord, LotteryDrawRecord, LotteryGameRecord } from './types.js';

/** The seed of a house draw is secret until the draw has its result. */
function seedIsPublic(draw: LotteryDrawRecord): boolean {
  return draw.status === 'drawn' || draw.status === 'settled';
}

export function presentDraw(draw: LotteryDrawRecord): LotteryDraw {
  const hasResult = seedIsPublic(draw);
  return {
    drawId: Number(draw.id),
    gameCode: draw.gameCode,
    drawNo: draw.drawNo,
    status: draw.status,
    opensAtMs: draw.opensAt.getTime(),
    closesAtMs: draw.closesAt.getTime(),
    drawAtMs: draw.drawAt.getTime(),
    // A void draw never reveals its seed: it was never drawn, and may be drawn by no one.
    seedHash: draw.seedHash,
    seed: hasResult ? draw.seed : null,
    drawKey: draw.drawKey,
    result: hasResult ? draw.result : null,
    drawnAtMs: draw.drawnAt?.getTime() ?? null,
    settledAtMs: draw.settledAt?.getTime() ?? null,
  };
}

export function gameNameOf(game: LotteryGameRecord, language: string, fallback: string): string {
  return game.names[language] ?? game.names[fallback] ?? game.names.EN ?? game.gameCode;
}

/** The profile's quick amounts and first amount kept within the game's own stake limits. */
export function slipAmountsOf(
  game: Pick<LotteryGameRecord, 'minStakeMinor' | 'maxStakeMinor'>,
  profile: StakeProfile,
): { defaultAmountPerPoint: number; quickAmounts: number[] } {
  const min = Number(game.minStakeMinor);
  const max = Number(game.maxStakeMinor);
  const within = (amountMinor: number) => Math.min(max, Math.max(min, amountMinor));
  const quickMinor = [...new Set(profile.quickAmountsMinor.map(within))].sort((a, b) => a - b);
  return {
    defaultAmountPerPoint: minorToAmount(BigInt(within(profile.defaultStakeMinor))),
    quickAmounts: quickMinor.map((amountMinor) => minorToAmount(BigInt(amountMinor))),
  };
}

export function presentGame(
  game: LotteryGameRecord,
  language: string,
  fallbackLanguage: string,
  profile: StakeProfile,
): LotteryGame {
  return {
    gameCode: game.gameCode,
    gameName: gameNameOf(game, language, fallbackLanguage),
    area: game.area,
    prizeMode: game.prizeMode,
    format: game.format,
    vassalage: game.vassalage,
    nodeId: game.nodeId === null ? null : Number(game.nodeId),
    source: game.source,
    intervalSeconds: game.schedule.kind === 'interval' ? game.schedule.intervalSeconds : null,
    closeOffsetSeconds: game.closeOffsetSeconds,
    cancelAllowed: game.cancelAllowed,
    minStakePerBet: minorToAmount(game.minStakeMinor),
    maxStakePerBet: minorToAmount(game.maxStakeMinor),
    ...slipAmountsOf(game, profile),
    betTypes: betTypesFor(game.format),
  };
}

export function presentBet(bet: LotteryBetRecord): LotteryBet {
  return {
    betId: Number(bet.id),
    slipId: bet.slipId,
    gameCode: bet.gameCode,
    drawId: Number(bet.drawId),
    drawNo: bet.drawNo,
    betType: bet.betType,
    numbers: bet.numbers,
    position: bet.position,
    amountPerPoint: minorToAmount(bet.amountPerPointMinor),
    points: bet.points,
    stake: minorToAmount(bet.stakeMinor),
    odds: bet.odds,
    status: bet.status,
    hits: bet.hits,
    payout: minorToAmount(bet.payoutMinor),
    placedAtMs: bet.placedAt.getTime(),
    settledAtMs: bet.settledAt?.getTime() ?? null,
  };
}

/** The realtime event of a state change: small (the page refetches details). */
export function drawEvent(type: LotteryDrawEventType, draw: LotteryDrawRecord): LotteryDrawEvent {
  const shown = presentDraw(draw);
  return {
    type,
    gameCode: shown.gameCode,
    drawId: shown.drawId,
    drawNo: shown.drawNo,
    status: shown.status,
    closesAtMs: shown.closesAtMs,
    drawAtMs: shown.drawAtMs,
    seedHash: shown.seedHash,
    seed: shown.seed,
    result: shown.result,
  };
}
