import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Db } from '../../db/database.js';
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
  stakeLimitsOf,
  winOf,
} from './games.js';
import {
  createPlatformClient,
  type PlatformAnswer,
  type PlatformClient,
} from './platform-client.js';
import {
  createSandboxProviderRepository,
  type ProviderRound,
  type ProviderSession,
  type SandboxProviderRepository,
} from './repository.js';
import type {
  OpenedGame,
  PlayedRound,
  SandboxErrorCode,
  SandboxProvider,
  SandboxResult,
} from './service-interface.js';

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
  if (errorCode === 'SEAMLESS_STAKE_OUT_OF_ROOM') return 'BAD_STAKE';
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

/** What the provider's workflows work with. */
interface ProviderContext {
  repository: SandboxProviderRepository;
  platform: PlatformClient;
  random: RandomInt;
  sleep: (ms: number) => Promise<void>;
  logError: (details: object, message: string) => void;
}

type PlayInput = { stakeMinor: bigint; choice: SandboxChoice };
type Refusal = { ok: false; code: SandboxErrorCode };

function refused(code: SandboxErrorCode): Refusal {
  return { ok: false, code };
}

/** The owed call of a round: its win, or the rollback of its bet. Same transaction id each time. */
function sendOwedCall(
  ctx: ProviderContext,
  round: ProviderRound,
): Promise<PlatformAnswer<{ balanceMinor: number }>> {
  if (round.status === 'win_pending') {
    return ctx.platform.win({
      sessionId: round.platformSessionId,
      transactionId: `${round.roundId}-win`,
      roundId: round.roundId,
      amountMinor: Number(round.winMinor ?? 0n),
      roundClosed: true,
      detail: round.detail,
    });
  }
  return ctx.platform.rollback({
    sessionId: round.platformSessionId,
    transactionId: `${round.roundId}-rb`,
    refTransactionId: `${round.roundId}-bet`,
    roundId: round.roundId,
  });
}

/** Records the platform's final answer to an owed call: settled, rolled back or refused. */
async function recordOwedAnswer(
  ctx: ProviderContext,
  round: ProviderRound,
  answer: Exclude<PlatformAnswer<{ balanceMinor: number }>, { kind: 'unavailable' }>,
): Promise<ProviderRound> {
  const isWin = round.status === 'win_pending';
  if (answer.kind === 'ok') {
    const status = isWin ? 'settled' : 'rolled_back';
    const balanceMinor = BigInt(answer.value.balanceMinor);
    await ctx.repository.updateRound(round.roundId, {
      status,
      balanceMinor,
      attemptDueAfterMs: null,
    });
    return { ...round, status, balanceMinor };
  }
  // Final: sending it again changes nothing. Kept for an operator to look at.
  ctx.logError(
    { roundId: round.roundId, errorCode: answer.errorCode },
    `sandbox provider: ${isWin ? 'win' : 'rollback'} refused by the platform`,
  );
  await ctx.repository.updateRound(round.roundId, {
    status: 'refused',
    errorCode: answer.errorCode,
    attemptDueAfterMs: null,
  });
  return { ...round, status: 'refused', errorCode: answer.errorCode };
}

/**
 * Sends the round's win (or rollback) until answered: in a request a few quick tries, from the
 * job one; a round still unanswered is left to the job with a growing delay.
 */
async function settleOwed(
  ctx: ProviderContext,
  round: ProviderRound,
  inRequest: boolean,
): Promise<ProviderRound> {
  const delays = inRequest ? [...OWED_CALL_RETRY_DELAYS_MS, null] : [null];
  for (const delay of delays) {
    const answer = await sendOwedCall(ctx, round);
    if (answer.kind !== 'unavailable') return recordOwedAnswer(ctx, round, answer);
    if (delay !== null) await ctx.sleep(delay);
  }
  await ctx.repository.updateRound(round.roundId, {
    status: round.status,
    attemptDueAfterMs: jobDelayMs(inRequest ? 0 : round.attempts),
  });
  return round;
}

async function putBackCard(ctx: ProviderContext, tokenHash: string, card: number | null) {
  if (card !== null) await ctx.repository.putHiLoCard(tokenHash, card);
}

async function openGame(
  ctx: ProviderContext,
  launchToken: string,
  askedLanguage?: string,
): Promise<SandboxResult<OpenedGame>> {
  const answer = await ctx.platform.authenticate(launchToken);
  if (answer.kind === 'refused') return refused('TOKEN_INVALID');
  if (answer.kind === 'unavailable') return refused('UNAVAILABLE');
  const value = answer.value;
  if (!isSandboxGameCode(value.gameCode)) return refused('UNKNOWN_GAME');
  const token = randomBytes(PROVIDER_TOKEN_BYTES).toString('base64url');
  const hiLoCard = value.gameCode === 'hi-lo' ? dealHiLoCard(ctx.random) : null;
  const language = pageLanguage(askedLanguage, value.language);
  await ctx.repository.insertSession({
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
      limits: stakeLimitsOf(value.gameCode, value.roomId ?? null, value.currency),
      roomId: value.roomId ?? null,
      hiLoCard,
    },
  };
}

async function sessionBalance(
  ctx: ProviderContext,
  token: string,
): Promise<SandboxResult<{ balanceMinor: number; hiLoCard: number | null }>> {
  const session = await ctx.repository.useSession(hashToken(token), PROVIDER_SESSION_IDLE_MS);
  if (!session) return refused('SESSION_EXPIRED');
  const answer = await ctx.platform.balance(session.platformSessionId);
  if (answer.kind === 'refused') return refused(refusalCode(answer.errorCode));
  if (answer.kind === 'unavailable') return refused('UNAVAILABLE');
  return {
    ok: true,
    value: { balanceMinor: answer.value.balanceMinor, hiLoCard: session.hiLoCard },
  };
}

/** The choice must be of the session's game and the stake within its limits. */
function checkPlay(
  session: ProviderSession,
  input: PlayInput,
): (ProviderSession & { gameCode: SandboxGameCode }) | Refusal {
  const { gameCode } = session;
  if (!isSandboxGameCode(gameCode) || input.choice.game !== gameCode) return refused('BAD_CHOICE');
  const limits = stakeLimitsOf(gameCode, session.roomId, session.currency);
  if (input.stakeMinor < limits.minBetMinor || input.stakeMinor > limits.maxBetMinor) {
    return refused('BAD_STAKE');
  }
  return { ...session, gameCode };
}

/**
 * Hi-lo plays against the card on the table: it is taken off (one round at a time per session)
 * and answers null for other games.
 */
async function takeCard(
  ctx: ProviderContext,
  tokenHash: string,
  session: ProviderSession,
  choice: SandboxChoice,
): Promise<{ card: number | null } | Refusal> {
  if (choice.game !== 'hi-lo') return { card: null };
  const card = session.hiLoCard;
  if (card === null) return refused('BUSY');
  if (hiLoMultiplierBp(card, choice.guess) === 0) return refused('BAD_CHOICE');
  if (!(await ctx.repository.takeHiLoCard(tokenHash, card))) return refused('BUSY');
  return { card };
}

interface OpenRound {
  roundId: string;
  tokenHash: string;
  session: ProviderSession & { gameCode: SandboxGameCode };
  card: number | null;
  choiceDetail: Record<string, unknown>;
}

/** The round's bet: recorded here first, then sent; an unanswered bet is rolled back. */
async function placeBet(
  ctx: ProviderContext,
  round: OpenRound,
  input: PlayInput,
): Promise<{ balanceMinor: number } | Refusal> {
  const { roundId, tokenHash, session, card } = round;
  await ctx.repository.insertRound({
    roundId,
    tokenHash,
    platformSessionId: session.platformSessionId,
    gameCode: session.gameCode,
    stakeMinor: input.stakeMinor,
    detail: round.choiceDetail,
  });
  const bet = await ctx.platform.bet({
    sessionId: session.platformSessionId,
    transactionId: `${roundId}-bet`,
    roundId,
    amountMinor: Number(input.stakeMinor),
    gameCode: session.gameCode,
    detail: round.choiceDetail,
  });
  if (bet.kind === 'refused') {
    await ctx.repository.updateRound(roundId, { status: 'refused', errorCode: bet.errorCode });
    await putBackCard(ctx, tokenHash, card);
    return refused(refusalCode(bet.errorCode));
  }
  if (bet.kind === 'unavailable') {
    // The bet may or may not have landed: cancel it (a rollback of a bet never seen also
    // stops it from landing later).
    await ctx.repository.updateRound(roundId, { status: 'rollback_pending' });
    const owed = await ctx.repository.findRound(roundId);
    if (owed) await settleOwed(ctx, owed, true);
    await putBackCard(ctx, tokenHash, card);
    return refused('UNAVAILABLE');
  }
  return { balanceMinor: bet.value.balanceMinor };
}

/** Draws the outcome, records the win owed, then sends it. */
async function settleRound(
  ctx: ProviderContext,
  round: OpenRound,
  input: PlayInput,
  betBalanceMinor: number,
): Promise<PlayedRound> {
  const { roundId, tokenHash } = round;
  const outcome = playSandboxRound(input.choice, ctx.random, round.card ?? undefined);
  const winMinor = winOf(input.stakeMinor, outcome.multiplierBp);
  await ctx.repository.updateRound(roundId, {
    status: 'win_pending',
    winMinor,
    detail: detailOf(outcome, input.stakeMinor, winMinor),
    balanceMinor: BigInt(betBalanceMinor),
    // The job leaves the round to this request for a while.
    attemptDueAfterMs: OWED_CALL_JOB_FIRST_DELAY_MS,
  });
  if (outcome.game === 'hi-lo') await ctx.repository.putHiLoCard(tokenHash, outcome.nextCard);
  const owed = await ctx.repository.findRound(roundId);
  if (!owed) throw new Error(`sandbox round ${roundId} vanished`);
  const settled = await settleOwed(ctx, owed, true);
  return {
    roundId,
    outcome,
    stakeMinor: Number(input.stakeMinor),
    winMinor: Number(winMinor),
    balanceMinor: Number(settled.balanceMinor ?? BigInt(betBalanceMinor)),
    pending: settled.status === 'win_pending',
  };
}

async function playRound(
  ctx: ProviderContext,
  token: string,
  input: PlayInput,
): Promise<SandboxResult<PlayedRound>> {
  const tokenHash = hashToken(token);
  const found = await ctx.repository.useSession(tokenHash, PROVIDER_SESSION_IDLE_MS);
  if (!found) return refused('SESSION_EXPIRED');
  const session = checkPlay(found, input);
  if ('ok' in session) return session;
  const taken = await takeCard(ctx, tokenHash, session, input.choice);
  if ('ok' in taken) return taken;
  const { card } = taken;
  const round: OpenRound = {
    roundId: `sbx-${randomBytes(ROUND_ID_BYTES).toString('hex')}`,
    tokenHash,
    session,
    card,
    choiceDetail: { ...input.choice, ...(card === null ? {} : { card }) },
  };
  const bet = await placeBet(ctx, round, input);
  if ('ok' in bet) return bet;
  return { ok: true, value: await settleRound(ctx, round, input, bet.balanceMinor) };
}

async function retryOwed(ctx: ProviderContext): Promise<number> {
  const rounds = await ctx.repository.owedRounds(OWED_CALL_MAX_ATTEMPTS, OWED_CALL_BATCH);
  let settled = 0;
  for (const round of rounds) {
    const after = await settleOwed(ctx, round, false);
    if (after.status === 'settled' || after.status === 'rolled_back') settled += 1;
  }
  return settled;
}

/**
 * The sandbox game provider on its own tables over `db`, reaching the platform at `platformUrl`
 * over signed HTTP with the secret it keeps itself (as an outside provider would).
 */
export function createSandboxProvider(
  db: Db,
  options: {
    /** Where the platform's seamless-wallet API is (config SANDBOX_PROVIDER_PLATFORM_URL). */
    platformUrl: string;
    random?: RandomInt;
    sleep?: (ms: number) => Promise<void>;
    logError?: (details: object, message: string) => void;
  },
): SandboxProvider {
  const repository = createSandboxProviderRepository(db);
  const ctx: ProviderContext = {
    repository,
    platform: createPlatformClient({
      baseUrl: options.platformUrl,
      vassalage: SANDBOX_PROVIDER_VASSALAGE,
      secret: () => repository.apiSecret(SANDBOX_PROVIDER_VASSALAGE),
    }),
    random: options.random ?? ((max) => randomInt(max)),
    sleep: options.sleep ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms))),
    logError: options.logError ?? (() => {}),
  };
  return {
    open: (launchToken, askedLanguage) => openGame(ctx, launchToken, askedLanguage),
    balance: (token) => sessionBalance(ctx, token),
    play: (token, input) => playRound(ctx, token, input),
    retryOwed: () => retryOwed(ctx),
    prune: () => repository.pruneSessions(PROVIDER_SESSION_PRUNE_MS),
  };
}
