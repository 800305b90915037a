export {
  CHAT_POSTS_PER_MEMBER_LIMIT,
  type ChatRoomRouteDeps,
  registerChatRoomAdminRoutes,
  registerChatRoomRoutes,
} from './routes.js';
export {
  type ChatActor,
  type ChatMember,
  type ChatRoomDeps,
  type ChatRoomService,
  cleanChatText,
  createChatRoomService,
  maskName,
} from './service.js';
