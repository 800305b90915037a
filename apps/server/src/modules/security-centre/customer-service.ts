import { VIP_RANK_THRESHOLD } from '@app/contract';
import type { FastifyRequest } from 'fastify';
import { sessionTokenOf } from '../../http/session-token.js';
import type { SessionService } from '../session/index.js';
import { merchantOf } from '../system/index.js';
import type { SecurityCentreService } from './service.js';

export type CustomerServiceType = 'VIP' | 'LIVECHAT';

/**
 * SPEC §4: VIP customer service for a club rank above 4, live chat for everyone else. A guest,
 * an expired session or a lower rank asking for VIP gets live chat: the VIP line is never
 * handed to someone who does not hold the rank.
 */
export function customerServiceTypeFor(
  requested: CustomerServiceType,
  rankLevel: number | null,
): CustomerServiceType {
  return requested === 'VIP' && rankLevel !== null && rankLevel > VIP_RANK_THRESHOLD
    ? 'VIP'
    : 'LIVECHAT';
}

/** The chat-URL call's choice for a request (its session is optional). */
export function createCustomerServiceChooser(deps: {
  sessions: SessionService;
  securityCentre: SecurityCentreService;
}) {
  return async (request: FastifyRequest, requested: CustomerServiceType) => {
    if (requested !== 'VIP') return requested;
    const merchant = merchantOf(request);
    const token = sessionTokenOf(request);
    if (!token) return customerServiceTypeFor(requested, null);
    try {
      const auth = await deps.sessions.authenticate(token, merchant.code);
      const rank = await deps.securityCentre.clubRankLevel(merchant, auth.memberId);
      return customerServiceTypeFor(requested, rank);
    } catch {
      return customerServiceTypeFor(requested, null);
    }
  };
}
