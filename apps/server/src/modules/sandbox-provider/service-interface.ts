import type { SandboxChoice, SandboxGameCode, SandboxOutcome, StakeLimits } from './games.js';

/** The sandbox game provider's public surface: its service interface and its answers. */

/** Why the provider could not do what the page asked; the page's dictionary has a text for each. */
export type SandboxErrorCode =
  | 'TOKEN_INVALID'
  | 'SESSION_EXPIRED'
  | 'UNKNOWN_GAME'
  | 'BAD_STAKE'
  | 'BAD_CHOICE'
  | 'BUSY'
  | 'INSUFFICIENT_FUNDS'
  | 'REFUSED'
  | 'UNAVAILABLE';

export type SandboxResult<T> = { ok: true; value: T } | { ok: false; code: SandboxErrorCode };

export interface OpenedGame {
  token: string;
  game: SandboxGameCode;
  language: 'EN' | 'VI';
  currency: string;
  balanceMinor: number;
  limits: StakeLimits;
  roomId: string | null;
  hiLoCard: number | null;
}

export interface PlayedRound {
  roundId: string;
  outcome: SandboxOutcome;
  stakeMinor: number;
  winMinor: number;
  balanceMinor: number;
  /** The win is not acknowledged yet: the provider keeps sending it (same transaction id). */
  pending: boolean;
}

/**
 * The sandbox game provider: an outside provider that happens to run in this process. It knows
 * the platform only through the signed seamless-wallet calls of its platform client.
 */
export interface SandboxProvider {
  /** The play page opens: spend the launch token with the platform, start our own session. */
  open(launchToken: string, askedLanguage?: string): Promise<SandboxResult<OpenedGame>>;
  /** The platform's balance for the page's session, and the hi-lo card on the table. */
  balance(token: string): Promise<SandboxResult<{ balanceMinor: number; hiLoCard: number | null }>>;
  /** One round: a bet, the outcome drawn here, then the win (0 for a loss) closing the round. */
  play(
    token: string,
    input: { stakeMinor: bigint; choice: SandboxChoice },
  ): Promise<SandboxResult<PlayedRound>>;
  /** Sends again every win and rollback still owed (the job runs this every minute); answers how many were settled. */
  retryOwed(): Promise<number>;
  /** Housekeeping: forgets sessions a day after their last use. */
  prune(): Promise<void>;
}
