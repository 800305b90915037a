import { type AdminMemberLabelColour, MEMBER_LABELS_PER_MERCHANT_MAX } from '@app/contract';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../http/app-error.js';
import type { AuditService } from '../audit/index.js';
import type { LabelColourRow, MemberConsole } from '../member/index.js';
import { actorFields } from './operator-access.js';
import type { Operator } from './repository.js';

function viewOf(label: LabelColourRow): AdminMemberLabelColour {
  return {
    id: label.id.toString(),
    name: label.name,
    color: label.color,
    backgroundColor: label.backgroundColor,
  };
}

/**
 * The colours the site shows a member label in (loyalty, issue 20). The label row is locked while
 * it changes, so the audit entry's "before" is the colour it replaced, and both commit together.
 */
export function createLabelColourCalls(deps: {
  members: MemberConsole;
  audit: AuditService;
  unitOfWork: UnitOfWork;
}) {
  const { members, audit, unitOfWork } = deps;
  return {
    async labelColours(merchantCode: string) {
      const list = await members.labelColours(merchantCode, MEMBER_LABELS_PER_MERCHANT_MAX);
      return { list: list.map(viewOf) };
    },

    async saveLabelColours(
      operator: Operator,
      ip: string,
      input: { id: string; color: string; backgroundColor: string },
    ): Promise<AdminMemberLabelColour> {
      const colours = {
        color: input.color.toLowerCase(),
        backgroundColor: input.backgroundColor.toLowerCase(),
      };
      return unitOfWork(async (executor) => {
        const labelId = BigInt(input.id);
        const before = await members.findLabelColoursForUpdateWithin(
          executor,
          operator.merchantCode,
          labelId,
        );
        if (!before) throw new AppError('NOT_FOUND', { field: 'id' });
        await members.setLabelColoursWithin(executor, operator.merchantCode, labelId, colours);
        await audit.recordWithin(executor, {
          ...actorFields(operator, ip),
          action: 'member-label.colours',
          subjectType: 'member-label',
          subjectId: input.id,
          before: { color: before.color, backgroundColor: before.backgroundColor },
          after: colours,
        });
        return viewOf({ ...before, ...colours });
      });
    },
  };
}
