import { Readable } from 'node:stream';
import {
  ADMIN_CSV_EXPORT_ROWS_MAX,
  type AdminExportList,
  type adminAuditLogCall,
  type adminDepositsCall,
  adminExportPaths,
  type adminMemberStatementCall,
  type adminMembersCall,
  type adminPromotionParticipantsCall,
  type adminWithdrawalsCall,
  auditLogFilters,
  type CallValue,
  type CursorPage,
  depositListFilters,
  MEMBER_STATEMENT_PAGE_SIZE_MAX,
  MEMBERS_PAGE_SIZE_MAX,
  memberSearchFilters,
  memberStatementFilters,
  type Permission,
  PROMOTION_PARTICIPANTS_PAGE_MAX,
  promotionParticipantFilters,
  withdrawalListFilters,
} from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import type { ManualDepositService, WithdrawalService } from '../payments/index.js';
import { type CsvColumn, csvAmount, csvLine } from './csv.js';
import { createOperatorAuthenticate } from './guard.js';
import type { MemberConsoleService } from './member-console.js';
import type { Operator } from './repository.js';
import type { AdminService } from './service.js';

/** Rows read per page while exporting: the keyset helper's maximum, so few round trips. */
const EXPORT_PAGE_ROWS = 100;

type WithdrawalRow = CallValue<typeof adminWithdrawalsCall>['items'][number];
type DepositRow = CallValue<typeof adminDepositsCall>['items'][number];
type AuditRow = CallValue<typeof adminAuditLogCall>['items'][number];
type MemberRow = CallValue<typeof adminMembersCall>['list'][number];
type StatementRow = CallValue<typeof adminMemberStatementCall>['list'][number];
type ParticipantRow = CallValue<typeof adminPromotionParticipantsCall>['items'][number];

const withdrawalColumns: CsvColumn<WithdrawalRow>[] = [
  { header: 'createdAt', value: (row) => row.createdAt },
  { header: 'withdrawalId', value: (row) => row.withdrawalId },
  { header: 'memberAccount', value: (row) => row.memberAccount },
  { header: 'amount', value: (row) => csvAmount(row.amount) },
  { header: 'currency', value: (row) => row.currency },
  { header: 'status', value: (row) => row.status },
  { header: 'bankName', value: (row) => row.bankAccount.bankName },
  { header: 'accountName', value: (row) => row.bankAccount.accountName },
  { header: 'accountNumber', value: (row) => row.bankAccount.accountNumberMasked },
  { header: 'rejectReason', value: (row) => row.rejectReason },
];

const depositColumns: CsvColumn<DepositRow>[] = [
  { header: 'createdAt', value: (row) => row.createdAt },
  { header: 'depositId', value: (row) => row.depositId },
  { header: 'memberAccount', value: (row) => row.memberAccount },
  { header: 'amount', value: (row) => csvAmount(row.amount) },
  { header: 'currency', value: (row) => row.currency },
  { header: 'status', value: (row) => row.status },
  { header: 'payerReference', value: (row) => row.payerReference },
  { header: 'rejectReason', value: (row) => row.rejectReason },
];

const json = (value: unknown) =>
  value === null || value === undefined ? null : JSON.stringify(value);

const auditColumns: CsvColumn<AuditRow>[] = [
  { header: 'createdAt', value: (row) => row.createdAt },
  { header: 'id', value: (row) => row.id },
  { header: 'operator', value: (row) => row.operatorUsername },
  { header: 'role', value: (row) => row.role },
  { header: 'ip', value: (row) => row.ip },
  { header: 'action', value: (row) => row.action },
  { header: 'subjectType', value: (row) => row.subjectType },
  { header: 'subjectId', value: (row) => row.subjectId },
  { header: 'before', value: (row) => json(row.before) },
  { header: 'after', value: (row) => json(row.after) },
];

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const memberColumns: CsvColumn<MemberRow>[] = [
  { header: 'registeredAt', value: (row) => iso(row.registeredAtMs) },
  { header: 'memberId', value: (row) => row.id },
  { header: 'account', value: (row) => row.account },
  { header: 'nickname', value: (row) => row.nickname },
  { header: 'realName', value: (row) => row.realName },
  { header: 'kind', value: (row) => row.kind },
  { header: 'status', value: (row) => row.status },
  { header: 'email', value: (row) => row.email },
  { header: 'mobileNum', value: (row) => row.mobileNum },
  { header: 'lastLoginAt', value: (row) => iso(row.lastLoginAtMs) },
];

const statementColumns: CsvColumn<StatementRow>[] = [
  { header: 'at', value: (row) => iso(row.atMs) },
  { header: 'entryId', value: (row) => row.id },
  { header: 'code', value: (row) => row.code },
  { header: 'wallet', value: (row) => row.wallet },
  { header: 'asset', value: (row) => row.asset },
  { header: 'amount', value: (row) => csvAmount(row.amount) },
  { header: 'balanceAfter', value: (row) => csvAmount(row.balanceAfter) },
  { header: 'currency', value: (row) => row.currency },
];

const participantColumns: CsvColumn<ParticipantRow>[] = [
  { header: 'joinedAt', value: (row) => iso(row.joinedAtMs) },
  { header: 'participationId', value: (row) => row.id },
  { header: 'memberId', value: (row) => row.memberId },
  { header: 'account', value: (row) => row.account },
  { header: 'status', value: (row) => row.status },
  { header: 'period', value: (row) => row.period },
  { header: 'rewardAmount', value: (row) => csvAmount(row.rewardAmount) },
  { header: 'bonusId', value: (row) => row.bonusId },
  { header: 'bonusStatus', value: (row) => row.bonusStatus },
  {
    header: 'bonusIssuedAmount',
    value: (row) => (row.bonusIssuedAmount === null ? null : csvAmount(row.bonusIssuedAmount)),
  },
  {
    header: 'bonusConvertedAmount',
    value: (row) =>
      row.bonusConvertedAmount === null ? null : csvAmount(row.bonusConvertedAmount),
  },
];

/** The header line, then every row of every page, until the last page or the named cap. */
async function* csvLines<T>(
  columns: readonly CsvColumn<T>[],
  first: CursorPage<T>,
  next: (cursor: string) => Promise<CursorPage<T>>,
): AsyncGenerator<string> {
  yield csvLine(columns.map((column) => column.header));
  let page = first;
  let written = 0;
  for (;;) {
    for (const row of page.items) {
      if (written >= ADMIN_CSV_EXPORT_ROWS_MAX) return;
      yield csvLine(columns.map((column) => column.value(row)));
      written += 1;
    }
    if (page.nextCursor === null || written >= ADMIN_CSV_EXPORT_ROWS_MAX) return;
    page = await next(page.nextCursor);
  }
}

function filtersOf<S extends z.ZodRawShape>(shape: S, query: unknown): z.infer<z.ZodObject<S>> {
  const parsed = z.object(shape).safeParse(query);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED');
  return parsed.data;
}

interface ExportDefinition {
  permission: Permission;
  /** Streams the CSV of the operator's merchant for the request's filters. */
  lines(operator: Operator, query: unknown): Promise<AsyncGenerator<string>>;
}

/**
 * The console's CSV exports: each list's service pages through the rows (keyset, in the list's
 * order) and the reply streams them, so memory stays one page whatever the export's size.
 */
export function registerAdminExportRoutes(
  app: FastifyInstance,
  deps: {
    admin: AdminService;
    withdrawals: WithdrawalService;
    manualDeposits: ManualDepositService;
    memberConsole: MemberConsoleService;
    /** One promotion's participants, a page (the promotions module's operator service). */
    promotionParticipants(
      merchantCode: string,
      query: z.infer<z.ZodObject<typeof promotionParticipantFilters>> & {
        cursor?: string | undefined;
        limit: number;
      },
    ): Promise<CursorPage<ParticipantRow>>;
  },
): void {
  const { admin, withdrawals, manualDeposits, memberConsole, promotionParticipants } = deps;
  const exports: Record<AdminExportList, ExportDefinition> = {
    withdrawals: {
      permission: 'withdrawals:read',
      async lines(operator, query) {
        const filters = filtersOf(withdrawalListFilters, query);
        const page = (cursor?: string) =>
          withdrawals.ofMerchant({
            merchantCode: operator.merchantCode,
            ...filters,
            cursor,
            limit: EXPORT_PAGE_ROWS,
          });
        return csvLines(withdrawalColumns, await page(), page);
      },
    },
    deposits: {
      permission: 'deposits:read',
      async lines(operator, query) {
        const filters = filtersOf(depositListFilters, query);
        const page = (cursor?: string) =>
          manualDeposits.list({
            merchantCode: operator.merchantCode,
            ...filters,
            cursor,
            limit: EXPORT_PAGE_ROWS,
          });
        return csvLines(depositColumns, await page(), page);
      },
    },
    auditLog: {
      permission: 'audit:read',
      async lines(operator, query) {
        const filters = filtersOf(auditLogFilters, query);
        const page = (cursor?: string) =>
          admin.auditLog(operator.merchantCode, { ...filters, cursor, limit: EXPORT_PAGE_ROWS });
        return csvLines(auditColumns, await page(), page);
      },
    },
    members: {
      permission: 'members:read',
      async lines(operator, query) {
        const filters = filtersOf(memberSearchFilters, query);
        const page = async (cursor?: string) => {
          const found = await memberConsole.search(operator.merchantCode, {
            ...filters,
            cursor,
            pageSize: MEMBERS_PAGE_SIZE_MAX,
          });
          return { items: found.list, nextCursor: found.nextCursor };
        };
        return csvLines(memberColumns, await page(), page);
      },
    },
    memberStatement: {
      permission: 'members:read',
      async lines(operator, query) {
        const filters = filtersOf(memberStatementFilters, query);
        // The statement pages by number (its range is bounded in days); the cursor is the next
        // page's number.
        const page = async (cursor?: string) => {
          const pageNo = cursor === undefined ? 1 : Number(cursor);
          const found = await memberConsole.statement(operator.merchantCode, {
            ...filters,
            pageNo,
            pageSize: MEMBER_STATEMENT_PAGE_SIZE_MAX,
          });
          return {
            items: found.list,
            nextCursor: pageNo < found.totalPages ? String(pageNo + 1) : null,
          };
        };
        return csvLines(statementColumns, await page(), page);
      },
    },
    promotionParticipants: {
      permission: 'promotions:read',
      async lines(operator, query) {
        const filters = filtersOf(promotionParticipantFilters, query);
        const page = (cursor?: string) =>
          promotionParticipants(operator.merchantCode, {
            ...filters,
            cursor,
            limit: PROMOTION_PARTICIPANTS_PAGE_MAX,
          });
        return csvLines(participantColumns, await page(), page);
      },
    },
  };

  for (const [list, definition] of Object.entries(exports) as [
    AdminExportList,
    ExportDefinition,
  ][]) {
    app.get(
      adminExportPaths[list],
      { preHandler: createOperatorAuthenticate(admin, definition.permission) },
      async (request: FastifyRequest, reply) => {
        const operator = request.operator;
        if (!operator) throw new AppError('SESSION_REQUIRED');
        admin.require(operator, definition.permission);
        // The first page is read before the reply starts, so a failure still answers an envelope.
        const lines = await definition.lines(operator, request.query);
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${list}-${day}.csv"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(lines));
      },
    );
  }
}
