import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  dealHiLoCard,
  hiLoMultiplierBp,
  isSandboxGameCode,
  MULTIPLIER_ONE_BP,
  playSandboxRound,
  type RandomInt,
  type SandboxChoice,
  type SandboxGameCode,
  type SandboxOutcome,
  type StakeLimits,
  stakeLimitsOf,
  winOf,
} from './games.js';
import type { PlatformAnswer, PlatformClient } from './platform-client.js';
import type { ProviderRound, SandboxProviderRepository } from './repository.js';

export const SANDBOX_PROVIDER_VASSALAGE = 'SBX';
/** A play page left alone this long must be reopened from the site (the platform's idle too). */
export const PROVIDER_SESSION_IDLE_MS = 30 * 60_000;
/** Sessions are forgotten a day after their last use. */
export const PROVIDER_SESSION_PRUNE_MS = 24 * 60 * 60_000;
/**
 * Pauses between in-request tries of a win or rollback that got no answer; after the last, the
 * round is left to the retry job. Same transaction id every time.
 */
export const OWED_CALL_RETRY_DELAYS_MS: readonly number[] = [200, 800];
/** When the job first looks at a round the request gave up on, then the longest wait between tries. */
export const OWED_CALL_JOB_FIRST_DELAY_MS = 30_000;
export const OWED_CALL_JOB_MAX_DELAY_MS = 60 * 60_000;
/** The job gives up on a call after this many tries (about a day); the round stays owed for an operator. */
export const OWED_CALL_MAX_ATTEMPTS = 40;
export const OWED_CALL_BATCH = 100;
const PROVIDER_TOKEN_BYTES = 32;
const ROUND_ID_BYTES = 12;

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

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function pageLanguage(asked: string | undefined, fromPlatform: string): 'EN' | 'VI' {
  const language = (asked ?? fromPlatform).toUpperCase();
  return language === 'VI' ? 'VI' : 'EN';
}

function refusalCode(errorCode: string): SandboxErrorCode {
  if (errorCode === 'SEAMLESS_INSUFFICIENT_FUNDS') return 'INSUFFICIENT_FUNDS';
  if (errorCode === 'SEAMLESS_SESSION_INVALID') return 'SESSION_EXPIRED';
  return 'REFUSED';
}

/** What the round's detail holds for the platform: enough to show and replay it. */
function detailOf(outcome: SandboxOutcome, stakeMinor: bigint, winMinor: bigint) {
  return {
    ...outcome,
    multiplier: (outcome.multiplierBp / MULTIPLIER_ONE_BP).toFixed(4),
    stakeMinor: Number(stakeMinor),
    winMinor: Number(winMinor),
  };
}

function jobDelayMs(attempts: number): number {
  return Math.min(OWED_CALL_JOB_FIRST_DELAY_MS * 2 ** attempts, OWED_CALL_JOB_MAX_DELAY_MS);
}

/**
 * The sandbox game provider: an outside provider that happens to run in this process. It knows
 * the platform only through the signed seamless-wallet calls of its platform client.
 */
export function createSandboxProvider(deps: {
  repository: SandboxProviderRepository;
  platform: PlatformClient;
  random?: RandomInt;
  sleep?: (ms: number) => Promise<void>;
  logError?: (details: object, message: string) => void;
}) {
  const { repository, platform } = deps;
  const random: RandomInt = deps.random ?? ((max) => randomInt(max));
  const sleep = deps.sleep ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const logError = deps.logError ?? (() => {});

  /** Sends the round's win (or rollback) until answered, the same transaction id each time. */
  async function settleOwed(round: ProviderRound, inRequest: boolean): Promise<ProviderRound> {
    const isWin = round.status === 'win_pending';
    const send = (): Promise<PlatformAnswer<{ balanceMinor: number }>> =>
      isWin
        ? platform.win({
            sessionId: round.platformSessionId,
            transactionId: `${round.roundId}-win`,
            roundId: round.roundId,
            amountMinor: Number(round.winMinor ?? 0n),
            roundClosed: true,
            detail: round.detail,
          })
        : platform.rollback({
            sessionId: round.platformSessionId,
            transactionId: `${round.roundId}-rb`,
            refTransactionId: `${round.roundId}-bet`,
            roundId: round.roundId,
          });
    const delays = inRequest ? [...OWED_CALL_RETRY_DELAYS_MS, null] : [null];
    for (const delay of delays) {
      const answer = await send();
      if (answer.kind === 'ok') {
        const status = isWin ? 'settled' : 'rolled_back';
        const balanceMinor = BigInt(answer.value.balanceMinor);
        await repository.updateRound(round.roundId, {
          status,
          balanceMinor,
          attemptDueAfterMs: null,
        });
        return { ...round, status, balanceMinor };
      }
      if (answer.kind === 'refused') {
        // Final: sending it again changes nothing. Kept for an operator to look at.
        logError(
          { roundId: round.roundId, errorCode: answer.errorCode },
          `sandbox provider: ${isWin ? 'win' : 'rollback'} refused by the platform`,
        );
        await repository.updateRound(round.roundId, {
          status: 'refused',
          errorCode: answer.errorCode,
          attemptDueAfterMs: null,
        });
        return { ...round, status: 'refused', errorCode: answer.errorCode };
      }
      if (delay !== null) await sleep(delay);
    }
    await repository.updateRound(round.roundId, {
      status: round.status,
      attemptDueAfterMs: jobDelayMs(inRequest ? 0 : round.attempts),
    });
    return round;
  }

  async function putBackCard(tokenHash: string, card: number | null) {
    if (card !== null) await repository.putHiLoCard(tokenHash, card);
  }

  return {
    /** The play page opens: spend the launch token with the platform, start our own session. */
    async open(launchToken: string, askedLanguage?: string): Promise<SandboxResult<OpenedGame>> {
      const answer = await platform.authenticate(launchToken);
      if (answer.kind === 'refused') return { ok: false, code: 'TOKEN_INVALID' };
      if (answer.kind === 'unavailable') return { ok: false, code: 'UNAVAILABLE' };
      const value = answer.value;
      if (!isSandboxGameCode(value.gameCode)) return { ok: false, code: 'UNKNOWN_GAME' };
      const token = randomBytes(PROVIDER_TOKEN_BYTES).toString('base64url');
      const hiLoCard = value.gameCode === 'hi-lo' ? dealHiLoCard(random) : null;
      const language = pageLanguage(askedLanguage, value.language);
      await repository.insertSession({
        tokenHash: hashToken(token),
        platformSessionId: value.sessionId,
        gameCode: value.gameCode,
        nodeId: value.nodeId ?? null,
        roomId: value.roomId ?? null,
        currency: value.currency,
        language,
        hiLoCard,
      });
      return {
        ok: true,
        value: {
          token,
          game: value.gameCode,
          language,
          currency: value.currency,
          balanceMinor: value.balanceMinor,
          limits: stakeLimitsOf(value.gameCode, value.roomId ?? null),
          roomId: value.roomId ?? null,
          hiLoCard,
        },
      };
    },

    async balance(
      token: string,
    ): Promise<SandboxResult<{ balanceMinor: number; hiLoCard: number | null }>> {
      const session = await repository.useSession(hashToken(token), PROVIDER_SESSION_IDLE_MS);
      if (!session) return { ok: false, code: 'SESSION_EXPIRED' };
      const answer = await platform.balance(session.platformSessionId);
      if (answer.kind === 'refused') return { ok: false, code: refusalCode(answer.errorCode) };
      if (answer.kind === 'unavailable') return { ok: false, code: 'UNAVAILABLE' };
      return {
        ok: true,
        value: { balanceMinor: answer.value.balanceMinor, hiLoCard: session.hiLoCard },
      };
    },

    /** One round: a bet, the outcome drawn here, then the win (0 for a loss) closing the round. */
    async play(
      token: string,
      input: { stakeMinor: bigint; choice: SandboxChoice },
    ): Promise<SandboxResult<PlayedRound>> {
      const tokenHash = hashToken(token);
      const session = await repository.useSession(tokenHash, PROVIDER_SESSION_IDLE_MS);
      if (!session) return { ok: false, code: 'SESSION_EXPIRED' };
      if (!isSandboxGameCode(session.gameCode) || input.choice.game !== session.gameCode) {
        return { ok: false, code: 'BAD_CHOICE' };
      }
      const limits = stakeLimitsOf(session.gameCode, session.roomId);
      if (input.stakeMinor < limits.minBetMinor || input.stakeMinor > limits.maxBetMinor) {
        return { ok: false, code: 'BAD_STAKE' };
      }
      let card: number | null = null;
      if (input.choice.game === 'hi-lo') {
        card = session.hiLoCard;
        if (card === null) return { ok: false, code: 'BUSY' };
        if (hiLoMultiplierBp(card, input.choice.guess) === 0) {
          return { ok: false, code: 'BAD_CHOICE' };
        }
        if (!(await repository.takeHiLoCard(tokenHash, card))) return { ok: false, code: 'BUSY' };
      }

      const roundId = `sbx-${randomBytes(ROUND_ID_BYTES).toString('hex')}`;
      const choiceDetail = { ...input.choice, ...(card === null ? {} : { card }) };
      await repository.insertRound({
        roundId,
        tokenHash,
        platformSessionId: session.platformSessionId,
        gameCode: session.gameCode,
        stakeMinor: input.stakeMinor,
        detail: choiceDetail,
      });
      const bet = await platform.bet({
        sessionId: session.platformSessionId,
        transactionId: `${roundId}-bet`,
        roundId,
        amountMinor: Number(input.stakeMinor),
        gameCode: session.gameCode,
        detail: choiceDetail,
      });
      if (bet.kind === 'refused') {
        await repository.updateRound(roundId, { status: 'refused', errorCode: bet.errorCode });
        await putBackCard(tokenHash, card);
        return { ok: false, code: refusalCode(bet.errorCode) };
      }
      if (bet.kind === 'unavailable') {
        // The bet may or may not have landed: cancel it (a rollback of a bet never seen also
        // stops it from landing later).
        await repository.updateRound(roundId, { status: 'rollback_pending' });
        const round = await repository.findRound(roundId);
        if (round) await settleOwed(round, true);
        await putBackCard(tokenHash, card);
        return { ok: false, code: 'UNAVAILABLE' };
      }

      const outcome = playSandboxRound(input.choice, random, card ?? undefined);
      const winMinor = winOf(input.stakeMinor, outcome.multiplierBp);
      const detail = detailOf(outcome, input.stakeMinor, winMinor);
      await repository.updateRound(roundId, {
        status: 'win_pending',
        winMinor,
        detail,
        balanceMinor: BigInt(bet.value.balanceMinor),
        // The job leaves the round to this request for a while.
        attemptDueAfterMs: OWED_CALL_JOB_FIRST_DELAY_MS,
      });
      if (outcome.game === 'hi-lo') await repository.putHiLoCard(tokenHash, outcome.nextCard);
      const round = await repository.findRound(roundId);
      if (!round) throw new Error(`sandbox round ${roundId} vanished`);
      const settled = await settleOwed(round, true);
      return {
        ok: true,
        value: {
          roundId,
          outcome,
          stakeMinor: Number(input.stakeMinor),
          winMinor: Number(winMinor),
          balanceMinor: Number(settled.balanceMinor ?? BigInt(bet.value.balanceMinor)),
          pending: settled.status === 'win_pending',
        },
      };
    },

    /** Sends again every win and rollback still owed (the job runs this every minute). */
    async retryOwed(): Promise<number> {
      const rounds = await repository.owedRounds(OWED_CALL_MAX_ATTEMPTS, OWED_CALL_BATCH);
      let settled = 0;
      for (const round of rounds) {
        const after = await settleOwed(round, false);
        if (after.status === 'settled' || after.status === 'rolled_back') settled += 1;
      }
      return settled;
    },

    prune: () => repository.pruneSessions(PROVIDER_SESSION_PRUNE_MS),
  };
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
