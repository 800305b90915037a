import { freePlayLoginCall, loginCall, logoutCall } from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { RegisterCall } from '../../http/call-route.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { MemberService } from '../member/index.js';
import { merchantOf } from '../system/index.js';
import { authOf } from './guard.js';
import type { LoginClient, LoginService } from './login-service.js';
import { applyRememberMe, registerRememberRoutes } from './remember/routes.js';
import type { SessionService } from './service.js';

function clientOf(request: FastifyRequest): LoginClient {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

export function registerSessionRoutes(
  registerCall: RegisterCall,
  deps: {
    sessions: SessionService;
    logins: LoginService;
    members: MemberService;
    rateLimit: RateLimiter;
  },
): void {
  const { sessions, logins } = deps;
  registerRememberRoutes(registerCall, deps);

  registerCall(loginCall, async ({ body, request, reply }) => {
    const merchant = merchantOf(request);
    if (body.type === 'sms') {
      const proof = {
        verificationCode: body.password,
        firebaseChannel: body.firebaseChannel,
        firebaseIdToken: body.firebaseIdToken,
      };
      return logins.smsLogin(
        merchant,
        { username: body.username, portal: body.portal, proof },
        clientOf(request),
      );
    }
    const { memberId, ...session } = await logins.passwordLogin(merchant, body, clientOf(request));
    await applyRememberMe(sessions, {
      request,
      reply,
      merchantCode: merchant.code,
      memberId,
      rememberMe: body.rememberMe,
    });
    return session;
  });

  registerCall(freePlayLoginCall, async ({ request }) =>
    logins.freePlayLogin(merchantOf(request), clientOf(request)),
  );

  registerCall(logoutCall, async ({ request }) => {
    await sessions.revoke(authOf(request).sessionId);
    return null;
  });
}
