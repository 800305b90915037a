import { randomBytes } from 'node:crypto';
import type { SeamlessBody, SeamlessValue } from '@app/contract';
import { AppError } from '../../../../http/app-error.js';
import {
  accountsOf,
  availableOnWire,
  checkLive,
  hashGameSecret,
  knownSession,
  parsed,
  rememberSession,
  sessionOf,
  type WalletParts,
} from '../wallet-parts.js';

const GAME_SESSION_ID_BYTES = 32;

/** Spends a launch token and opens the game session the provider will name in its calls. */
export async function authenticate(
  parts: WalletParts,
  vassalage: string,
  input: SeamlessBody<'authenticate'>,
): Promise<SeamlessValue<'authenticate'>> {
  const body = parsed('authenticate', input);
  // Another provider's token is not spent: it stays good for the game it was made for.
  const spent = await parts.repository.spendLaunchToken(
    hashGameSecret(body.launchToken),
    vassalage,
    new Date(parts.now()),
  );
  if (!spent) throw new AppError('SEAMLESS_TOKEN_INVALID');
  const game = await parts.catalogue.gameByNode(spent.nodeId);
  if (!game) throw new AppError('SEAMLESS_TOKEN_INVALID');
  const sessionId = randomBytes(GAME_SESSION_ID_BYTES).toString('base64url');
  const session = { idHash: hashGameSecret(sessionId), ...spent };
  const openedAt = new Date(parts.now());
  await parts.repository.insertSession(session, openedAt);
  rememberSession(parts, { ...session, lastUsedAt: openedAt });
  const { memberAccountId } = await accountsOf(parts, { ...session, lastUsedAt: openedAt });
  return {
    sessionId,
    currency: spent.currency,
    balanceMinor: await availableOnWire(parts, memberAccountId),
    language: spent.language,
    gameCode: game.gameCode,
    nodeId: Number(spent.nodeId),
    roomId: spent.roomId,
  };
}

/** The member's available balance; the session must be live. */
export async function balance(
  parts: WalletParts,
  vassalage: string,
  input: SeamlessBody<'balance'>,
): Promise<SeamlessValue<'balance'>> {
  const body = parsed('balance', input);
  const session = await sessionOf(parts, vassalage, body.sessionId);
  await checkLive(parts, parts.repository, session);
  const { memberAccountId } = await accountsOf(parts, session);
  return {
    balanceMinor: await availableOnWire(parts, memberAccountId),
    currency: session.currency,
  };
}

/** The merchant and member of a game session, by the session id the provider was given. */
export async function sessionOwner(parts: WalletParts, sessionId: string) {
  const session = await knownSession(parts, hashGameSecret(sessionId));
  return session && { merchantCode: session.merchantCode, memberId: session.memberId };
}
