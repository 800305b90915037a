import type { Db } from '../../../db/database.js';
import type {
  ConsoleMemberRow,
  LabelColourRow,
  LabelRow,
  LastLoginKey,
  MemberConsoleRepository,
  MemberSearchFilter,
  NoteRow,
} from './repository.js';

export type {
  ConsoleMemberRow,
  LabelColourRow,
  LabelRow,
  LastLoginKey,
  MemberSearchFilter,
  NoteRow,
};

/**
 * The member module's side of the operator console: search, the profile row, labels, notes and
 * the lock. Writes take the caller's transaction (`executor`), so that the change and its audit
 * entry commit together; every read and write is bounded to the operator's merchant.
 */
export interface MemberConsole {
  search(
    filter: MemberSearchFilter,
    afterId: bigint | undefined,
    limit: number,
  ): Promise<ConsoleMemberRow[]>;
  /** The same filters by last login (never logged in: `-infinity`), after `after`. */
  searchByLastLogin(
    filter: MemberSearchFilter,
    direction: 'asc' | 'desc',
    after: LastLoginKey | undefined,
    limit: number,
  ): Promise<Array<ConsoleMemberRow & { loginKey: string }>>;
  /** A member of this merchant; another merchant's member is not found. */
  find(merchantCode: string, memberId: bigint): Promise<ConsoleMemberRow | undefined>;
  /** The same, locked for update in the caller's transaction. */
  findForUpdateWithin(
    executor: Db,
    merchantCode: string,
    memberId: bigint,
  ): Promise<ConsoleMemberRow | undefined>;
  setStatusWithin(executor: Db, memberId: bigint, status: 'active' | 'disabled'): Promise<void>;
  labels(merchantCode: string, limit: number): Promise<LabelRow[]>;
  countLabels(merchantCode: string): Promise<number>;
  /** The merchant's labels with their colours, by name. */
  labelColours(merchantCode: string, limit: number): Promise<LabelColourRow[]>;
  /** One label of this merchant, locked for update in the caller's transaction. */
  findLabelColoursForUpdateWithin(
    executor: Db,
    merchantCode: string,
    labelId: bigint,
  ): Promise<LabelColourRow | undefined>;
  setLabelColoursWithin(
    executor: Db,
    merchantCode: string,
    labelId: bigint,
    colours: { color: string; backgroundColor: string },
  ): Promise<void>;
  findLabel(merchantCode: string, labelId: bigint): Promise<LabelRow | undefined>;
  ensureLabelWithin(
    executor: Db,
    merchantCode: string,
    name: string,
  ): Promise<{ label: LabelRow; created: boolean }>;
  labelsOfMembers(memberIds: readonly bigint[], executor?: Db): Promise<Map<bigint, LabelRow[]>>;
  setLabelWithin(
    executor: Db,
    memberId: bigint,
    labelId: bigint,
    present: boolean,
  ): Promise<boolean>;
  notes(memberId: bigint, afterId: bigint | undefined, limit: number): Promise<NoteRow[]>;
  addNoteWithin(
    executor: Db,
    note: {
      merchantCode: string;
      memberId: bigint;
      operatorId: bigint;
      operatorUsername: string;
      body: string;
    },
  ): Promise<NoteRow>;
}

export function createMemberConsole(repository: MemberConsoleRepository): MemberConsole {
  return {
    search: (filter, afterId, limit) => repository.search(filter, afterId, limit),
    searchByLastLogin: (filter, direction, after, limit) =>
      repository.searchByLastLogin(filter, direction, after, limit),
    find: (merchantCode, memberId) => repository.findInMerchant(merchantCode, memberId),
    findForUpdateWithin: (executor, merchantCode, memberId) =>
      repository.within(executor).findInMerchant(merchantCode, memberId, { lock: true }),
    setStatusWithin: (executor, memberId, status) =>
      repository.within(executor).setStatus(memberId, status),
    labels: (merchantCode, limit) => repository.labels(merchantCode, limit),
    countLabels: (merchantCode) => repository.countLabels(merchantCode),
    labelColours: (merchantCode, limit) => repository.labelColours(merchantCode, limit),
    findLabelColoursForUpdateWithin: async (executor, merchantCode, labelId) => {
      const rows = await repository
        .within(executor)
        .labelColours(merchantCode, 1, { labelId, lock: true });
      return rows[0];
    },
    setLabelColoursWithin: (executor, merchantCode, labelId, colours) =>
      repository.within(executor).setLabelColours(merchantCode, labelId, colours),
    findLabel: (merchantCode, labelId) => repository.findLabel(merchantCode, labelId),
    ensureLabelWithin: (executor, merchantCode, name) =>
      repository.within(executor).ensureLabel(merchantCode, name),
    labelsOfMembers: (memberIds, executor) =>
      (executor ? repository.within(executor) : repository).labelsOfMembers(memberIds),
    setLabelWithin: (executor, memberId, labelId, present) =>
      repository.within(executor).setLabel(memberId, labelId, present),
    notes: (memberId, afterId, limit) => repository.notes(memberId, afterId, limit),
    addNoteWithin: (executor, note) => repository.within(executor).addNote(note),
  };
}
