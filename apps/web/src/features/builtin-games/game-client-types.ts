import type { BuiltinGameCode, BuiltinRound, FreeSpinGrant } from '@app/contract/client';

/**
 * What the play shell (`/play/:gameCode`, docs/games-builtin.md) gives a game's client. The
 * shell owns the session, balance, sound switch, rules, history and fairness panels; a game
 * client owns only its board and its animations, and never decides an outcome: it shows the
 * round the server answered.
 */
export interface GameClientProps {
  gameCode: BuiltinGameCode;
  currency: string;
  /**
   * Major units, from the merchant's limits for this game; the first stake and the chips come
   * from its stake profile for the currency (absent: the minimum, no chips).
   */
  limits: {
    minStake: number;
    maxStake: number;
    maxPayout: number;
    defaultStake?: number;
    chips?: number[];
  };
  /** Merchant switches (off by default; some regulators forbid them). */
  settings: { autoplayAllowed: boolean; turboAllowed: boolean };
  /**
   * The round left open, or settled while the player was away and not yet shown
   * (interrupted-game handling): the client shows it first, and resumes it if open.
   */
  resumeRound: BuiltinRound | null;
  /** Plays a new round with the game's own params (stake included); rejects with an ApiError. */
  play(params: unknown): Promise<BuiltinRound>;
  /** A step of an open stepped round (Mines: reveal, cash out). */
  act(roundId: string, action: unknown): Promise<BuiltinRound>;
  /** Call when the animation has shown the result: the shell's balance catches up then. */
  showBalance(): void;
  sound: GameSound;
  /** The member's free spins on this game (slots): listed, and played one spin at a time. */
  freeSpins?: FreeSpinPlayer;
}

/** Free spins as a game client sees them: no cash is taken, wins go to the bonus wallet. */
export interface FreeSpinPlayer {
  list(): Promise<FreeSpinGrant[]>;
  /** Plays the grant's next spin; answers the round and the grant after it. */
  play(grantId: string): Promise<{ round: BuiltinRound; grant: FreeSpinGrant }>;
}

export type GameSoundEffect =
  | 'click'
  | 'spin'
  | 'reelStop'
  | 'win'
  | 'bigWin'
  | 'lose'
  | 'reveal'
  | 'explode'
  | 'drop'
  | 'bounce'
  | 'cashOut';

/** Sounds made by the shell (Web Audio, no files); silent while the player has muted. */
export interface GameSound {
  play(effect: GameSoundEffect): void;
}
