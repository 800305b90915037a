import { adminMoveMemberUplineCall, roleAllows } from '@app/contract';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../http/app-error.js';
import type { RegisterCall } from '../../http/call-route.js';
import type { AuditService } from '../audit/index.js';
import type { DownlineTree, MemberDirectory } from '../member/index.js';
import { actorFields } from './operator-access.js';
import type { Operator } from './repository.js';

/**
 * The operator's move of a member between uplines (issue 18): the member module moves the
 * member's subtree and the audit entry is written in the same transaction.
 */
export function registerAdminAgentTreeRoutes(
  registerAdminCall: RegisterCall,
  deps: {
    tree: DownlineTree;
    directory: MemberDirectory;
    audit: AuditService;
    unitOfWork: UnitOfWork;
  },
): void {
  registerAdminCall(adminMoveMemberUplineCall, async ({ body, request }) => {
    const operator: Operator | null = request.operator;
    if (!operator) throw new AppError('SESSION_REQUIRED');
    if (!roleAllows(operator.role, 'members:move-upline')) throw new AppError('FORBIDDEN');
    // An account of another merchant is not found, like one that does not exist.
    const upline =
      body.uplineAccount === null
        ? null
        : await deps.directory.byAccount(operator.merchantCode, body.uplineAccount);
    if (body.uplineAccount !== null && !upline)
      throw new AppError('UPLINE_NOT_AGENT', { field: 'uplineAccount' });
    const move = await deps.unitOfWork(async (executor) => {
      const moved = await deps.tree.moveWithin(
        executor,
        operator.merchantCode,
        BigInt(body.memberId),
        upline?.id ?? null,
      );
      await deps.audit.recordWithin(executor, {
        ...actorFields(operator, request.ip),
        action: 'member.move-upline',
        subjectType: 'member',
        subjectId: moved.memberId.toString(),
        before: { uplineMemberId: moved.fromUplineId?.toString() ?? null },
        after: { uplineMemberId: moved.toUplineId?.toString() ?? null, reason: body.reason },
      });
      return moved;
    });
    return {
      memberId: move.memberId.toString(),
      account: move.account,
      fromUplineId: move.fromUplineId?.toString() ?? null,
      toUplineId: move.toUplineId?.toString() ?? null,
    };
  });
}
