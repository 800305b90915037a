import { randomBytes } from 'node:crypto';
import {
  BUILTIN_VASSALAGE,
  type BuiltinSession,
  type ErrorCode,
  minorToAmount,
  type StakeProfile,
} from '@app/contract';
import { AppError } from '../../../http/app-error.js';
import type { SeamlessWallet } from '../../providers/index.js';
import type { Merchant } from '../../system/index.js';
import type { GameLimits } from '../games/types.js';
import type { BuiltinGameSession, BuiltinRoundRow } from '../repository.js';
import { hashGameSession, isAppError, publicRound } from '../round-helpers.js';
import { limitsOf, stakeProfileOfMerchant } from '../settings.js';
import type { Engine } from './engine.js';
import { driveThroughWallet } from './wallet-rounds.js';

/** Random bytes of a game-session token. */
const GAME_SESSION_BYTES = 32;

/** The member's available cash, read from the ledger (rounds no longer touch the wallet session). */
export async function availableBalanceOf(
  engine: Engine,
  session: BuiltinGameSession,
): Promise<bigint> {
  const { memberAccountId } = await engine.context.accounts(session);
  const [account] = await engine.ledger.findAccounts([memberAccountId]);
  return (account?.balanceMinor ?? 0n) - (account?.heldMinor ?? 0n);
}

/** The answer of a round: a cancelled round answers its error (a retry gets it again). */
export async function roundAnswer(
  engine: Engine,
  session: BuiltinGameSession,
  played: { round: BuiltinRoundRow; balanceMinor: bigint | null },
) {
  if (played.round.status === 'cancelled') {
    throw new AppError((played.round.errorCode as ErrorCode | null) ?? 'BUILTIN_ROUND_FINISHED');
  }
  const balanceMinor = played.balanceMinor ?? (await availableBalanceOf(engine, session));
  return { round: publicRound(played.round), balance: minorToAmount(balanceMinor) };
}

/** Rounds a closed tab or a crash left half way are finished on opening, and shown once. */
async function finishUnsettledRounds(engine: Engine, session: BuiltinGameSession): Promise<void> {
  const { repository } = engine;
  for (const unsettled of await repository.unsettledRounds(session.memberId, session.gameCode)) {
    try {
      await driveThroughWallet(engine, unsettled, { byJob: true });
    } catch (error) {
      // The wallet cannot finish it now: the game still opens, and the job tries again.
      engine.logError(
        { roundId: unsettled.id.toString(), err: (error as Error).message },
        'built-in games: unfinished round not settled on opening',
      );
    }
  }
}

/** The first stake and the chips in major units, within this game's own limits. */
function stakesOf(profile: StakeProfile, limits: GameLimits): BuiltinSession['stakes'] {
  const within = (amountMinor: number) =>
    amountMinor >= Number(limits.minStakeMinor) && amountMinor <= Number(limits.maxStakeMinor);
  const chipsMinor = profile.chipsMinor.filter(within);
  const defaultStakeMinor = within(profile.defaultStakeMinor)
    ? profile.defaultStakeMinor
    : Number(limits.minStakeMinor);
  return {
    defaultStake: minorToAmount(BigInt(defaultStakeMinor)),
    chips: (chipsMinor.length > 0 ? chipsMinor : [Number(limits.minStakeMinor)]).map((chip) =>
      minorToAmount(BigInt(chip)),
    ),
  };
}

/** What the play shell shows on opening: the game, limits, switches, seeds and the round to resume. */
export async function sessionAnswer(
  engine: Engine,
  token: string,
  session: BuiltinGameSession,
  merchant: Merchant,
): Promise<BuiltinSession> {
  await finishUnsettledRounds(engine, session);
  const { repository } = engine;
  const open = await repository.openRound(session.memberId, session.gameCode);
  const resume = open ?? (await repository.takeResumeRound(session.memberId, session.gameCode));
  const limits = limitsOf(merchant.builtinGames, session.gameCode, merchant.currency);
  const profile = stakeProfileOfMerchant(merchant.builtinGames, merchant.currency);
  const [balanceMinor, seeds, gameName] = await Promise.all([
    availableBalanceOf(engine, session),
    engine.seeds.seeds(session.memberId),
    engine.gameEntries.name(session.nodeId, session.language, merchant.defaultGameLanguage),
  ]);
  return {
    gameSession: token,
    gameCode: session.gameCode,
    gameName: gameName ?? session.gameCode,
    language: session.language,
    currency: session.currency,
    balance: minorToAmount(balanceMinor),
    limits: {
      minStake: minorToAmount(limits.minStakeMinor),
      maxStake: minorToAmount(limits.maxStakeMinor),
      maxPayout: minorToAmount(limits.maxPayoutMinor),
    },
    stakes: stakesOf(profile, limits),
    settings: {
      autoplayAllowed: merchant.builtinGames.autoplayAllowed,
      turboAllowed: merchant.builtinGames.turboAllowed,
    },
    seeds,
    resumeRound: resume ? publicRound(resume) : null,
  };
}

/** Spends the launch token (seamless authenticate) and opens the play shell's session. */
export async function openSession(
  engine: Engine,
  launchToken: string,
  merchant: Merchant,
): Promise<BuiltinSession> {
  let authenticated: Awaited<ReturnType<SeamlessWallet['authenticate']>>;
  try {
    authenticated = await engine.wallet.authenticate(BUILTIN_VASSALAGE, { launchToken });
  } catch (error) {
    if (isAppError(error)) throw new AppError('BUILTIN_SESSION_INVALID');
    throw error;
  }
  // The wallet's new session names the member; our own session row sits beside it.
  const owner = await engine.walletSessionOwner(authenticated.sessionId);
  if (!owner || owner.merchantCode !== merchant.code) {
    throw new AppError('BUILTIN_SESSION_INVALID');
  }
  const token = randomBytes(GAME_SESSION_BYTES).toString('base64url');
  const session = {
    tokenHash: hashGameSession(token),
    walletSessionId: authenticated.sessionId,
    merchantCode: merchant.code,
    memberId: owner.memberId,
    nodeId: BigInt(authenticated.nodeId),
    gameCode: authenticated.gameCode,
    currency: authenticated.currency,
    language: authenticated.language,
  };
  await engine.repository.insertSession(session);
  const opened = { ...session, lastUsedAt: new Date(engine.now()) };
  engine.context.remember(opened);
  return sessionAnswer(engine, token, opened, merchant);
}
