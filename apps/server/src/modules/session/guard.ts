import { agentMemberTypes, memberTypes } from '@app/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import type { Authenticate } from '../../http/call-route.js';
import { sessionTokenOf } from '../../http/session-token.js';
import { merchantOf } from '../system/index.js';
import type { AuthContext, SessionService } from './service.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function createAuthenticate(sessions: SessionService): Authenticate {
  return async (request) => {
    request.auth = await sessions.authenticate(sessionTokenOf(request), merchantOf(request).code);
  };
}

/** The session of a request on a call marked `auth`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('SESSION_REQUIRED');
  return request.auth;
}

/** Account type of a trial (free demo) account (SPEC §6). */
export const TRIAL_MEMBER_TYPE: number = memberTypes.trial;

/**
 * The session of a request on a member or agent action that a trial account may not take
 * (deposits, withdrawals, bank accounts, passwords, feedback, agent calls): guests get
 * SESSION_REQUIRED, trial accounts TRIAL_ACCOUNT ('in_need_true_account').
 */
export function requireRealMember(request: FastifyRequest): AuthContext {
  const auth = authOf(request);
  if (auth.memberType === TRIAL_MEMBER_TYPE) throw new AppError('TRIAL_ACCOUNT');
  return auth;
}

/** Whether an account type is an agent's (SPEC §4: 1, 2, 41, 42). */
export function isAgentType(memberType: number): boolean {
  return agentMemberTypes.includes(memberType);
}

/**
 * The session of a request on an agent-centre call: guests get SESSION_REQUIRED, trial
 * accounts TRIAL_ACCOUNT, members who are not agents NOT_AGENT.
 */
export function requireAgent(request: FastifyRequest): AuthContext {
  const auth = requireRealMember(request);
  if (!isAgentType(auth.memberType)) throw new AppError('NOT_AGENT');
  return auth;
}
