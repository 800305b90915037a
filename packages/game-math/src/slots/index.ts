export { compileSlot } from './compile';
export { checkLines, evaluateLine, evaluateSpin, playSlotRound, slotRoundPay } from './evaluate';
export { exactSlotRtp, type SlotRtpBreakdown } from './exact-rtp';
export { JADE_DRAGON } from './games/jade-dragon';
export { NEON_FRUITS } from './games/neon-fruits';
export { PAYLINES_25 } from './paylines';
export { slotGameOf, slotGames, slotSimulated, slotVerifiable } from './slot-games';
export * from './types';
