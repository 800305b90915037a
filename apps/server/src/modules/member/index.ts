export type { Member } from './repository.js';
export { createMemberRepository } from './repository.js';
export { type MemberRouteDeps, registerMemberRoutes } from './routes.js';
export { createMemberService, type MemberService, normalizeUsername } from './service.js';
