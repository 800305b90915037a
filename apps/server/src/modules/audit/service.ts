import type { AuditEntry, AuditRepository } from './repository.js';

/** The append-only record of operator actions (who, what, when, before and after). */
export function createAuditService(repository: AuditRepository) {
  return {
    record(entry: AuditEntry): Promise<void> {
      return repository.append(entry);
    },
    async page(merchantCode: string, pageNo: number, pageSize: number) {
      const { rows, totalCount } = await repository.page(merchantCode, pageNo, pageSize);
      return { list: rows, totalCount, totalPages: Math.ceil(totalCount / pageSize) };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
