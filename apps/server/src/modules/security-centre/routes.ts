import {
  securityBindEmailCall,
  securityBindMobileCall,
  securityEmailCodeCall,
  securityLoginsCall,
  securityMobileCodeCall,
  securityPaymentPasswordCall,
  securityPaymentPasswordCodeCall,
  securityProfileCall,
  securitySessionsCall,
  securitySignOutOthersCall,
  securitySignOutSessionCall,
  updateLanguageCall,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { RegisterCall } from '../../http/call-route.js';
import { requireRealMember } from '../session/index.js';
import { merchantOf } from '../system/index.js';
import type { SecurityCaller, SecurityCentreService } from './service.js';

/** Trial accounts have nothing to secure (SPEC §6): every call here needs a real member. */
function callerOf(request: FastifyRequest): SecurityCaller {
  const auth = requireRealMember(request);
  return {
    merchant: merchantOf(request),
    memberId: auth.memberId,
    sessionId: auth.sessionId,
    ip: request.ip,
  };
}

export function registerSecurityCentreRoutes(
  registerCall: RegisterCall,
  centre: SecurityCentreService,
): void {
  registerCall(securityProfileCall, async ({ request }) => centre.profile(callerOf(request)));
  registerCall(securityEmailCodeCall, async ({ request, body }) =>
    centre.sendEmailCode(callerOf(request), body.email),
  );
  registerCall(securityBindEmailCall, async ({ request, body }) => {
    await centre.bindEmail(callerOf(request), body.email, body.verificationCode);
    return null;
  });
  registerCall(securityMobileCodeCall, async ({ request, body }) =>
    centre.sendMobileCode(callerOf(request), body),
  );
  registerCall(securityBindMobileCall, async ({ request, body }) => {
    await centre.bindMobile(callerOf(request), body, body.verificationCode);
    return null;
  });
  registerCall(securityPaymentPasswordCodeCall, async ({ request }) =>
    centre.sendPaymentPasswordCode(callerOf(request)),
  );
  registerCall(securityPaymentPasswordCall, async ({ request, body }) => {
    await centre.setPaymentPassword(callerOf(request), body);
    return null;
  });
  registerCall(securityLoginsCall, async ({ request, query }) =>
    centre.logins(callerOf(request), query),
  );
  registerCall(securitySessionsCall, async ({ request }) => centre.sessions(callerOf(request)));
  registerCall(securitySignOutSessionCall, async ({ request, body }) =>
    centre.signOutSession(callerOf(request), BigInt(body.sessionId)),
  );
  registerCall(securitySignOutOthersCall, async ({ request }) =>
    centre.signOutOthers(callerOf(request)),
  );
  registerCall(updateLanguageCall, async ({ request, body }) => {
    await centre.setLanguage(callerOf(request), body.language);
    return null;
  });
}
