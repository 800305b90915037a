import {
  adminAddMemberNoteCall,
  adminApproveAdjustmentCall,
  adminCreateMemberLabelCall,
  adminLockMemberCall,
  adminMemberCall,
  adminMemberGameRecordsCall,
  adminMemberLabelColoursCall,
  adminMemberLabelsCall,
  adminMemberLoginFailuresCall,
  adminMemberLoginsCall,
  adminMemberLotteryBetsCall,
  adminMemberNotesCall,
  adminMemberStatementCall,
  adminMembersCall,
  adminPendingAdjustmentsCall,
  adminRejectAdjustmentCall,
  adminResetMemberPasswordCall,
  adminSaveMemberLabelColoursCall,
  adminSetMemberLabelCall,
  PENDING_ADJUSTMENTS_PAGE_SIZE,
  type Permission,
  roleAllows,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import type { RegisterCall } from '../../http/call-route.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { emailLanguageOf } from '../email/index.js';
import { resetLinkOrigin } from '../member/index.js';
import { merchantOf } from '../system/index.js';
import type { AdjustmentService } from './adjustments.js';
import type { MemberConsoleService } from './member-console.js';
import type { Operator } from './repository.js';

/** The guard checked the permission already; checked again here, next to the change. */
function operatorAllowed(request: FastifyRequest, permission: Permission): Operator {
  const operator: Operator | null = request.operator;
  if (!operator) throw new AppError('SESSION_REQUIRED');
  if (!roleAllows(operator.role, permission)) throw new AppError('FORBIDDEN');
  return operator;
}

/** The console's Members pages: reads, actions on a member, and the adjustments awaiting approval. */
export function registerAdminMemberRoutes(
  registerAdminCall: RegisterCall,
  deps: {
    memberConsole: MemberConsoleService;
    adjustments: AdjustmentService;
    rateLimit: RateLimiter;
  },
): void {
  const { memberConsole, adjustments, rateLimit } = deps;
  const reader = (request: FastifyRequest) => operatorAllowed(request, 'members:read');

  registerAdminCall(adminMembersCall, async ({ query, request }) =>
    memberConsole.search(reader(request).merchantCode, query),
  );
  registerAdminCall(adminMemberCall, async ({ query, request }) =>
    memberConsole.profile(reader(request).merchantCode, query.memberId),
  );
  registerAdminCall(adminMemberStatementCall, async ({ query, request }) =>
    memberConsole.statement(reader(request).merchantCode, query),
  );
  registerAdminCall(adminMemberGameRecordsCall, async ({ query, request }) => {
    reader(request);
    return memberConsole.gameRecords(merchantOf(request), query);
  });
  registerAdminCall(adminMemberLotteryBetsCall, async ({ query, request }) =>
    memberConsole.lotteryBets(reader(request).merchantCode, query),
  );
  registerAdminCall(adminMemberLoginsCall, async ({ query, request }) =>
    memberConsole.logins(reader(request).merchantCode, query.memberId, query.afterId),
  );
  registerAdminCall(adminMemberLoginFailuresCall, async ({ query, request }) =>
    memberConsole.loginFailures(reader(request).merchantCode, query.memberId, query.afterId),
  );
  registerAdminCall(adminMemberNotesCall, async ({ query, request }) =>
    memberConsole.notes(reader(request).merchantCode, query.memberId, query.afterId),
  );
  registerAdminCall(adminMemberLabelsCall, async ({ request }) =>
    memberConsole.labels(reader(request).merchantCode),
  );

  registerAdminCall(adminAddMemberNoteCall, async ({ body, request }) =>
    memberConsole.addNote(operatorAllowed(request, 'members:notes'), request.ip, body),
  );
  registerAdminCall(adminLockMemberCall, async ({ body, request }) =>
    memberConsole.setLocked(operatorAllowed(request, 'members:lock'), request.ip, body),
  );
  registerAdminCall(adminResetMemberPasswordCall, async ({ body, request }) => {
    const operator = operatorAllowed(request, 'members:reset-password');
    const merchant = merchantOf(request);
    return memberConsole.resetPassword(operator, request.ip, {
      merchant,
      memberId: body.memberId,
      channel: body.channel,
      // The member's own site, never the console's address, and in the site's language.
      origin: resetLinkOrigin(merchant, request),
      language: emailLanguageOf(merchant.defaultLanguage),
      rateLimit,
    });
  });
  registerAdminCall(adminCreateMemberLabelCall, async ({ body, request }) =>
    memberConsole.createLabel(operatorAllowed(request, 'members:labels'), request.ip, body.name),
  );
  registerAdminCall(adminSetMemberLabelCall, async ({ body, request }) =>
    memberConsole.setLabel(operatorAllowed(request, 'members:labels'), request.ip, body),
  );
  registerAdminCall(adminMemberLabelColoursCall, async ({ request }) =>
    memberConsole.labelColours(operatorAllowed(request, 'loyalty:read').merchantCode),
  );
  registerAdminCall(adminSaveMemberLabelColoursCall, async ({ body, request }) =>
    memberConsole.saveLabelColours(operatorAllowed(request, 'loyalty:configure'), request.ip, body),
  );

  registerAdminCall(adminPendingAdjustmentsCall, async ({ query, request }) =>
    adjustments.pending(
      reader(request).merchantCode,
      query.afterId === undefined ? undefined : BigInt(query.afterId),
      PENDING_ADJUSTMENTS_PAGE_SIZE,
    ),
  );
  registerAdminCall(adminApproveAdjustmentCall, async ({ body, request }) =>
    adjustments.approve({
      merchant: merchantOf(request),
      operator: operatorAllowed(request, 'members:approve-adjustment'),
      requestId: BigInt(body.requestId),
      ip: request.ip,
    }),
  );
  registerAdminCall(adminRejectAdjustmentCall, async ({ body, request }) =>
    adjustments.reject({
      operator: operatorAllowed(request, 'members:approve-adjustment'),
      requestId: BigInt(body.requestId),
      reason: body.reason,
      ip: request.ip,
    }),
  );
}
