import {
  adminSendMessageCall,
  adminSentMessagesCall,
  adminWithdrawMessageCall,
  deleteMessageCall,
  messagesCall,
  type Permission,
  readMessageCall,
  roleAllows,
  unreadCountCall,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import type { RegisterCall } from '../../http/call-route.js';
import { requestLanguage } from '../../http/language.js';
import { merchantOf } from '../system/index.js';
import type { MessageActor, MessageScope, MessagesService } from './service.js';

export interface MessagesRouteDeps {
  messages: MessagesService;
  /** Any session, trial accounts included: reading one's messages changes nothing of value. */
  readerIdOf(request: FastifyRequest): bigint;
}

function scopeOf(request: FastifyRequest): MessageScope {
  const merchant = merchantOf(request);
  return {
    merchantCode: merchant.code,
    language: requestLanguage(request),
    defaultLanguage: merchant.defaultLanguage,
  };
}

/** The member's platform messages (messageV2) and the header's unread count. */
export function registerMessagesRoutes(registerCall: RegisterCall, deps: MessagesRouteDeps): void {
  const { messages } = deps;
  registerCall(unreadCountCall, async ({ request }) =>
    messages.unreadCount(merchantOf(request).code, deps.readerIdOf(request)),
  );
  registerCall(messagesCall, async ({ request, query }) =>
    messages.list(scopeOf(request), deps.readerIdOf(request), query),
  );
  registerCall(readMessageCall, async ({ request, body }) =>
    messages.markRead(merchantOf(request).code, deps.readerIdOf(request), body.id),
  );
  registerCall(deleteMessageCall, async ({ request, body }) =>
    messages.remove(merchantOf(request).code, deps.readerIdOf(request), body.id),
  );
}

/** The operator behind the call (the guard checked the permission already; checked again here). */
function actorOf(request: FastifyRequest, permission: Permission): MessageActor {
  const operator = request.operator;
  if (!operator) throw new AppError('SESSION_REQUIRED');
  if (!roleAllows(operator.role, permission)) throw new AppError('FORBIDDEN');
  return {
    merchantCode: operator.merchantCode,
    operatorId: operator.id,
    operatorUsername: operator.username,
    operatorRole: operator.role,
    ip: request.ip,
  };
}

/** The console's message calls (registered with the operator guard). */
export function registerMessagesAdminRoutes(
  registerAdminCall: RegisterCall,
  messages: MessagesService,
): void {
  registerAdminCall(adminSendMessageCall, async ({ request, body }) =>
    messages.send(actorOf(request, 'messages:send'), body),
  );
  registerAdminCall(adminSentMessagesCall, async ({ request, query }) => {
    const { kind, ...page } = query;
    return messages.sent(actorOf(request, 'messages:read'), { kind }, page);
  });
  registerAdminCall(adminWithdrawMessageCall, async ({ request, body }) =>
    messages.withdraw(actorOf(request, 'messages:send'), body.id),
  );
}
