import type { PromotionAction, PromotionStatus, PromotionTakeMode } from '@app/contract';

/** A participation's stored status (table `promotion_participations`). */
export type ParticipationStatus =
  | 'joined'
  | 'applying'
  | 'rejected'
  | 'issued'
  | 'claimable'
  | 'claimed';

export interface StatusInput {
  takeMode: PromotionTakeMode;
  isRaffle: boolean;
  state: 'active' | 'paused' | 'ended';
  startsAtMs: number;
  endsAtMs: number;
  raffleDrawn: boolean;
  /** The caller's participation, undefined for a guest or a member who has not taken part. */
  participation: { status: ParticipationStatus; tickets: number } | undefined;
  /** False when the member is outside the promotion's qualifier (labels, rank, agents, new). */
  eligible?: boolean;
  nowMs: number;
}

const FINAL: Partial<Record<ParticipationStatus, PromotionStatus>> = {
  issued: 'Issued',
  claimed: 'Claimed',
  rejected: 'Rejected',
  applying: 'Applying',
};

/**
 * The member-facing status (SPEC §4). The member's own outcome wins over the promotion's
 * clock: an issued reward stays "Issued" after the promotion closes, and a raffle winner can
 * still "Claim" after the end.
 */
export function promotionStatusOf(input: StatusInput): PromotionStatus {
  const { participation } = input;
  const final = participation ? FINAL[participation.status] : undefined;
  if (final) return final;
  if (participation?.status === 'claimable') return 'Claim';
  // A member the promotion is not for is offered nothing: it is closed to them.
  if (!participation && input.eligible === false) return 'Close';
  if (input.nowMs < input.startsAtMs && input.state === 'active') return 'coming soon';
  const running = input.state === 'active' && input.nowMs < input.endsAtMs;
  if (input.isRaffle) {
    if (participation && !input.raffleDrawn && participation.tickets > 0) return 'Process';
    if (!running) return 'Close';
    if (participation || input.takeMode === 'auto') return 'Joined';
    return 'Join';
  }
  if (!running) return 'Close';
  if (participation?.status === 'joined') return 'Joined';
  if (input.takeMode === 'auto') return 'Joined';
  if (input.takeMode === 'claim') return 'Claim';
  return 'Join';
}

/** The button the status offers: Join and apply promotions open with "Join". */
export function promotionActionOf(
  status: PromotionStatus,
  takeMode: PromotionTakeMode,
  isRaffle: boolean,
): PromotionAction | null {
  if (status === 'Claim') return isRaffle ? 'claimRaffle' : 'claim';
  if (status === 'Join') return takeMode === 'apply' ? 'apply' : 'join';
  // A rejected application may be sent again while the promotion runs.
  if (status === 'Rejected' && takeMode === 'apply') return 'apply';
  return null;
}
