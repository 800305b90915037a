import {
  adminChatDeleteMessageCall,
  adminChatMessagesCall,
  adminChatMuteCall,
  adminChatPostCall,
  adminChatRoomCall,
  adminUpdateChatRoomCall,
  CHAT_POST_WINDOW_MS,
  CHAT_POSTS_PER_WINDOW,
  chatHistoryCall,
  chatPostCall,
  chatRoomCall,
  type Permission,
  roleAllows,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import type { RegisterCall } from '../../http/call-route.js';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.js';
import { merchantOf } from '../system/index.js';
import type { ChatActor, ChatMember, ChatRoomService } from './service.js';

/** Posts per member: a few lines in a short window, so a flood cannot drown the room. */
export const CHAT_POSTS_PER_MEMBER_LIMIT: RateLimitRule = {
  name: 'chat-post-member',
  limit: CHAT_POSTS_PER_WINDOW,
  windowMs: CHAT_POST_WINDOW_MS,
};

export interface ChatRoomRouteDeps {
  chatRoom: ChatRoomService;
  rateLimit: RateLimiter;
  /** The session of the request, trial accounts included (they read the room). */
  sessionOf(request: FastifyRequest): { memberId: bigint; memberType: number };
}

function memberOf(request: FastifyRequest, deps: ChatRoomRouteDeps): ChatMember {
  const session = deps.sessionOf(request);
  return {
    merchantCode: merchantOf(request).code,
    memberId: session.memberId,
    memberType: session.memberType,
  };
}

/** The chat room's calls for members (its pushes travel on the realtime socket, `chat.room`). */
export function registerChatRoomRoutes(registerCall: RegisterCall, deps: ChatRoomRouteDeps): void {
  const { chatRoom, rateLimit } = deps;
  registerCall(chatRoomCall, async ({ request }) => chatRoom.room(memberOf(request, deps)));
  registerCall(chatHistoryCall, async ({ request, query }) => {
    memberOf(request, deps);
    return chatRoom.history(merchantOf(request).code, query);
  });
  registerCall(chatPostCall, async ({ request, body }) => {
    const member = memberOf(request, deps);
    await rateLimit(CHAT_POSTS_PER_MEMBER_LIMIT, `${member.merchantCode}:${member.memberId}`);
    return chatRoom.post(member, body.text);
  });
}

function actorOf(request: FastifyRequest, permission: Permission): ChatActor {
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

/** The console's chat moderation calls (registered with the operator guard). */
export function registerChatRoomAdminRoutes(
  registerAdminCall: RegisterCall,
  chatRoom: ChatRoomService,
): void {
  registerAdminCall(adminChatMessagesCall, async ({ request, query }) =>
    chatRoom.adminMessages(actorOf(request, 'chat:read'), query),
  );
  registerAdminCall(adminChatDeleteMessageCall, async ({ request, body }) =>
    chatRoom.deleteMessage(actorOf(request, 'chat:moderate'), body.id),
  );
  registerAdminCall(adminChatPostCall, async ({ request, body }) =>
    chatRoom.postAsHouse(actorOf(request, 'chat:moderate'), body.text),
  );
  registerAdminCall(adminChatMuteCall, async ({ request, body }) =>
    chatRoom.mute(actorOf(request, 'chat:moderate'), body),
  );
  registerAdminCall(adminChatRoomCall, async ({ request }) =>
    chatRoom.adminRoom(actorOf(request, 'chat:read')),
  );
  registerAdminCall(adminUpdateChatRoomCall, async ({ request, body }) =>
    chatRoom.updateRoom(actorOf(request, 'chat:configure'), body),
  );
}
