import {
  agentAnnouncementsCall,
  announcementsCall,
  bannersCall,
  chatUrlCall,
  feedbackCall,
  helpCenterCall,
  markAnnouncementReadCall,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { RegisterCall } from '../../http/call-route.js';
import { requestLanguage } from '../../http/language.js';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.js';
import { merchantOf } from '../system/index.js';
import { chatUrlOf } from './chat-url.js';
import type { ContentScope, ContentService } from './service.js';

/** Feedback is read by people: a few messages an hour per member is plenty. */
export const FEEDBACK_PER_MEMBER_LIMIT: RateLimitRule = {
  name: 'feedback-member',
  limit: 5,
  windowMs: 60 * 60 * 1000,
};

export interface ContentRouteDeps {
  content: ContentService;
  rateLimit: RateLimiter;
  memberIdOf(request: FastifyRequest): bigint;
  /** Any session, trial accounts included: reading announcements changes nothing of value. */
  readerIdOf(request: FastifyRequest): bigint;
  /** Whether the session's member is an agent (it may open agents-only announcements). */
  readerIsAgent(request: FastifyRequest): boolean;
  /** The agent guard of the agent centre: SESSION_REQUIRED, TRIAL_ACCOUNT or NOT_AGENT. */
  agentIdOf(request: FastifyRequest): bigint;
  /**
   * The customer-service entry this request gets for the one it asks for: VIP only for a club
   * rank above 4 (SPEC §4); absent, the asked-for entry.
   */
  customerServiceTypeOf?(
    request: FastifyRequest,
    requested: 'VIP' | 'LIVECHAT',
  ): Promise<'VIP' | 'LIVECHAT'>;
}

function scopeOf(request: FastifyRequest, language?: string): ContentScope {
  const merchant = merchantOf(request);
  return {
    merchantCode: merchant.code,
    language: language ?? requestLanguage(request),
    defaultLanguage: merchant.defaultLanguage,
  };
}

export function registerContentRoutes(registerCall: RegisterCall, deps: ContentRouteDeps): void {
  const { content, rateLimit } = deps;
  registerCall(announcementsCall, async ({ request, query }) =>
    content.announcements(scopeOf(request), query),
  );
  registerCall(helpCenterCall, async ({ request, query }) =>
    content.helpCenter(scopeOf(request, query.lang)),
  );
  registerCall(bannersCall, async ({ request, query }) =>
    content.banners(scopeOf(request), query.groupName),
  );
  registerCall(feedbackCall, async ({ request, body }) => {
    const memberId = deps.memberIdOf(request);
    await rateLimit(FEEDBACK_PER_MEMBER_LIMIT, memberId.toString());
    return content.addFeedback(merchantOf(request).code, memberId, body.content);
  });
  registerCall(markAnnouncementReadCall, async ({ request, body }) => {
    const readerId = deps.readerIdOf(request);
    const scope = { ...scopeOf(request), agentReader: deps.readerIsAgent(request) };
    return content.markAnnouncementRead(scope, readerId, body.id);
  });
  registerCall(agentAnnouncementsCall, async ({ request, query }) => {
    deps.agentIdOf(request);
    return content.agentAnnouncements({ ...scopeOf(request), agentReader: true }, query);
  });
  registerCall(chatUrlCall, async ({ request, query }) => {
    const csType = deps.customerServiceTypeOf
      ? await deps.customerServiceTypeOf(request, query.csType)
      : query.csType;
    return {
      chatUrl: chatUrlOf(merchantOf(request).customerService, {
        ...query,
        csType,
        language: query.language ?? requestLanguage(request),
      }),
    };
  });
}
