/**
 * The console's CSV exports (issue 17): one GET per list, with the list's own filters (no
 * cursor, no limit), behind the list's permission. The server streams the rows in the list's
 * order, at most `ADMIN_CSV_EXPORT_ROWS_MAX`; narrow the filters for more.
 */

/** The most rows one export writes: a spreadsheet's worth, bounded so one click cannot scan a table. */
export const ADMIN_CSV_EXPORT_ROWS_MAX = 10_000;

export const adminExportPaths = {
  withdrawals: '/admin/withdrawals/export.csv',
  deposits: '/admin/deposits/export.csv',
  auditLog: '/admin/audit-log/export.csv',
  members: '/admin/members/export.csv',
  memberStatement: '/admin/members/statement/export.csv',
  promotionParticipants: '/admin/promotions/participants/export.csv',
} as const;

export type AdminExportList = keyof typeof adminExportPaths;
