import type { AgentContractKind } from '@app/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { type KeysetOrder, keysetPage } from '../../db/keyset-page.js';
import { settlementsQueries } from './settlements.repository.js';
import { teamFiguresQueries } from './team-figures.repository.js';
import { type StoredTerms, termsFromJson, termsToJson } from './terms.js';

export type {
  NewSettlement,
  SettlementRow,
  SettlementStatus,
} from './settlements.repository.js';

/** The contract's own kinds (`@app/contract`), under the name this module's code uses. */
export type ContractKind = AgentContractKind;
export type ContractStatus = 'offered' | 'active' | 'rejected' | 'terminated' | 'withdrawn';

export interface ContractRow {
  id: bigint;
  merchantCode: string;
  kind: ContractKind;
  uplineMemberId: bigint | null;
  memberId: bigint;
  period: string;
  terms: StoredTerms;
  status: ContractStatus;
  terminationRequestedBy: bigint | null;
  offeredAt: Date;
  decidedAt: Date | null;
  terminatedAt: Date | null;
}

// biome-ignore lint/suspicious/noExplicitAny: raw rows of the tables below, mapped at once
type Raw = Record<string, any>;

function contractOf(row: Raw): ContractRow {
  return {
    id: BigInt(row.id),
    merchantCode: row.merchant_code,
    kind: row.kind,
    uplineMemberId: row.upline_member_id === null ? null : BigInt(row.upline_member_id),
    memberId: BigInt(row.member_id),
    period: row.period,
    terms: termsFromJson(row.terms),
    status: row.status,
    terminationRequestedBy:
      row.termination_requested_by === null ? null : BigInt(row.termination_requested_by),
    offeredAt: new Date(row.offered_at),
    decidedAt: row.decided_at ? new Date(row.decided_at) : null,
    terminatedAt: row.terminated_at ? new Date(row.terminated_at) : null,
  };
}

export interface TemplateRow {
  id: bigint;
  merchantCode: string;
  kind: ContractKind;
  name: string;
  terms: StoredTerms;
  active: boolean;
  updatedAt: Date;
}

function templateOf(row: Raw): TemplateRow {
  return {
    id: BigInt(row.id),
    merchantCode: row.merchant_code,
    kind: row.kind,
    name: row.name,
    terms: termsFromJson(row.terms),
    active: row.active,
    updatedAt: new Date(row.updated_at),
  };
}

/** One line of a contract's history, with an operator's override when it is one. */
export interface HistoryLine {
  action: string;
  actorMemberId: bigint | null;
  note: string | null;
  operatorAccount: string | null;
  termsBefore: StoredTerms | null;
  termsAfter: StoredTerms | null;
  effectiveFrom: Date | null;
  createdAt: Date;
}

const templatesOrder: KeysetOrder = {
  name: 'agent-contract-templates',
  keys: [{ ref: 'id', type: 'bigint' }],
  direction: 'desc',
};

const id = (value: bigint) => sql`${value.toString()}::bigint`;

const downlineContractsOrder: KeysetOrder = {
  name: 'agent-downline-contracts',
  keys: [{ ref: 'id', type: 'bigint' }],
  direction: 'desc',
};

const nullableId = (value: bigint | null) =>
  value === null ? sql`NULL::bigint` : sql`${value.toString()}::bigint`;

/** Only this file names the agent-contracts tables. */
export function createAgentContractsRepository(db: Db) {
  return {
    async insertContract(
      trx: Db,
      input: {
        merchantCode: string;
        kind: ContractKind;
        uplineMemberId: bigint | null;
        memberId: bigint;
        period: string;
        terms: StoredTerms;
        status: ContractStatus;
      },
    ): Promise<ContractRow> {
      const result = await sql<Raw>`
        INSERT INTO agent_contracts (merchant_code, kind, upline_member_id, member_id, period, terms, status,
          decided_at)
        VALUES (${input.merchantCode}, ${input.kind}, ${nullableId(input.uplineMemberId)}, ${id(input.memberId)},
          ${input.period}, ${termsToJson(input.terms)}::jsonb, ${input.status},
          ${input.status === 'active' ? sql`now()` : sql`NULL`})
        RETURNING *
      `.execute(trx);
      return contractOf(result.rows[0] as Raw);
    },

    /** Demo data only: a seeded contract offered and accepted at `at`, so past periods are owed. */
    async backdateDemoContract(trx: Db, contractId: bigint, at: Date): Promise<void> {
      await sql`
        UPDATE agent_contracts SET offered_at = ${at}, decided_at = ${at} WHERE id = ${id(contractId)}
      `.execute(trx);
    },

    /** The contract if the member is one of its parties, locked for the caller's change. */
    async partyContractForUpdate(trx: Db, contractId: bigint, memberId: bigint) {
      const result = await sql<Raw>`
        SELECT * FROM agent_contracts
        WHERE id = ${id(contractId)}
          AND (member_id = ${id(memberId)} OR upline_member_id = ${id(memberId)})
        FOR UPDATE
      `.execute(trx);
      return result.rows[0] ? contractOf(result.rows[0]) : undefined;
    },

    /** The contract if the member is one of its parties (a read, no lock). */
    async partyContract(contractId: bigint, memberId: bigint) {
      const result = await sql<Raw>`
        SELECT * FROM agent_contracts
        WHERE id = ${id(contractId)} AND (member_id = ${id(memberId)} OR upline_member_id = ${id(memberId)})
      `.execute(db);
      return result.rows[0] ? contractOf(result.rows[0]) : undefined;
    },

    async contractById(executor: Db, contractId: bigint) {
      const result =
        await sql<Raw>`SELECT * FROM agent_contracts WHERE id = ${id(contractId)}`.execute(
          executor,
        );
      return result.rows[0] ? contractOf(result.rows[0]) : undefined;
    },

    async activeContractOf(executor: Db, memberId: bigint, kind: ContractKind) {
      const result = await sql<Raw>`
        SELECT * FROM agent_contracts WHERE member_id = ${id(memberId)} AND kind = ${kind} AND status = 'active'
      `.execute(executor);
      return result.rows[0] ? contractOf(result.rows[0]) : undefined;
    },

    /** Contracts this upline gave of a kind that are still open (offered or active), locked. */
    async openDownlineContractsForUpdate(trx: Db, uplineMemberId: bigint, kind: ContractKind) {
      const result = await sql<Raw>`
        SELECT * FROM agent_contracts
        WHERE upline_member_id = ${id(uplineMemberId)} AND kind = ${kind} AND status IN ('offered', 'active')
        ORDER BY id
        FOR UPDATE
      `.execute(trx);
      return result.rows.map(contractOf);
    },

    async updateContract(
      trx: Db,
      contractId: bigint,
      patch: {
        status?: ContractStatus;
        terminationRequestedBy?: bigint | null;
        decided?: boolean;
        terminated?: boolean;
        terms?: StoredTerms;
      },
    ): Promise<ContractRow> {
      const sets = [
        ...(patch.status ? [sql`status = ${patch.status}`] : []),
        ...(patch.terminationRequestedBy !== undefined
          ? [sql`termination_requested_by = ${nullableId(patch.terminationRequestedBy)}`]
          : []),
        ...(patch.decided ? [sql`decided_at = now()`] : []),
        ...(patch.terminated ? [sql`terminated_at = now()`] : []),
        ...(patch.terms ? [sql`terms = ${termsToJson(patch.terms)}::jsonb`] : []),
      ];
      const result = await sql<Raw>`
        UPDATE agent_contracts SET ${sql.join(sets)} WHERE id = ${id(contractId)} RETURNING *
      `.execute(trx);
      return contractOf(result.rows[0] as Raw);
    },

    /** The kinds of which the member holds an active contract or has one offered to them. */
    async openKindsOf(memberId: bigint): Promise<Set<ContractKind>> {
      const result = await sql<{ kind: ContractKind }>`
        SELECT DISTINCT kind FROM agent_contracts WHERE member_id = ${id(memberId)} AND status IN ('offered', 'active')
      `.execute(db);
      return new Set(result.rows.map((row) => row.kind));
    },

    async insertHistory(
      trx: Db,
      input: {
        contractId: bigint;
        action: string;
        actorMemberId: bigint | null;
        note?: string;
        override?: {
          operatorAccount: string;
          termsBefore: StoredTerms;
          termsAfter: StoredTerms;
          effectiveFrom: Date;
        };
      },
    ): Promise<void> {
      const override = input.override;
      await sql`
        INSERT INTO agent_contract_history (contract_id, action, actor_member_id, note, operator_account,
          terms_before, terms_after, effective_from)
        VALUES (${id(input.contractId)}, ${input.action}, ${nullableId(input.actorMemberId)}, ${input.note ?? null},
          ${override?.operatorAccount ?? null},
          ${override ? termsToJson(override.termsBefore) : null}::jsonb,
          ${override ? termsToJson(override.termsAfter) : null}::jsonb,
          ${override?.effectiveFrom ?? null}::timestamptz)
      `.execute(trx);
    },

    async history(contractId: bigint, limit: number): Promise<HistoryLine[]> {
      const result = await sql<Raw>`
        SELECT action, actor_member_id, note, operator_account, terms_before, terms_after, effective_from,
          created_at
        FROM agent_contract_history
        WHERE contract_id = ${id(contractId)} ORDER BY id LIMIT ${limit}
      `.execute(db);
      return result.rows.map((row) => ({
        action: row.action as string,
        actorMemberId: row.actor_member_id === null ? null : BigInt(row.actor_member_id),
        note: row.note as string | null,
        operatorAccount: row.operator_account as string | null,
        termsBefore: row.terms_before === null ? null : termsFromJson(row.terms_before),
        termsAfter: row.terms_after === null ? null : termsFromJson(row.terms_after),
        effectiveFrom: row.effective_from ? new Date(row.effective_from) : null,
        createdAt: new Date(row.created_at),
      }));
    },

    /**
     * The terms in force for a period that starts at `periodStart`: the terms before the first
     * override that takes effect after it, or none (then the contract's current terms hold).
     */
    async termsBeforeOverrideAfter(
      executor: Db,
      contractId: bigint,
      periodStart: Date,
    ): Promise<StoredTerms | undefined> {
      const result = await sql<Raw>`
        SELECT terms_before FROM agent_contract_history
        WHERE contract_id = ${id(contractId)} AND effective_from IS NOT NULL AND effective_from > ${periodStart}
        ORDER BY effective_from, id LIMIT 1
      `.execute(executor);
      const row = result.rows[0];
      return row ? termsFromJson(row.terms_before) : undefined;
    },

    async insertTemplate(
      trx: Db,
      input: {
        merchantCode: string;
        kind: ContractKind;
        name: string;
        terms: StoredTerms;
        active: boolean;
      },
    ): Promise<TemplateRow> {
      const result = await sql<Raw>`
        INSERT INTO agent_contract_templates (merchant_code, kind, name, terms, active)
        VALUES (${input.merchantCode}, ${input.kind}, ${input.name}, ${termsToJson(input.terms)}::jsonb, ${input.active})
        RETURNING *
      `.execute(trx);
      return templateOf(result.rows[0] as Raw);
    },

    /** A template of the merchant, locked for an operator's change (another merchant's: none). */
    async merchantTemplateForUpdate(trx: Db, merchantCode: string, templateId: bigint) {
      const result = await sql<Raw>`
        SELECT * FROM agent_contract_templates WHERE id = ${id(templateId)} AND merchant_code = ${merchantCode}
        FOR UPDATE
      `.execute(trx);
      return result.rows[0] ? templateOf(result.rows[0]) : undefined;
    },

    async updateTemplate(
      trx: Db,
      templateId: bigint,
      patch: { name: string; terms: StoredTerms; active: boolean },
    ): Promise<TemplateRow> {
      const result = await sql<Raw>`
        UPDATE agent_contract_templates
        SET name = ${patch.name}, terms = ${termsToJson(patch.terms)}::jsonb, active = ${patch.active}, updated_at = now()
        WHERE id = ${id(templateId)}
        RETURNING *
      `.execute(trx);
      return templateOf(result.rows[0] as Raw);
    },

    /** The operators' page of a merchant's templates, newest first. */
    async merchantTemplates(
      merchantCode: string,
      filter: { kind?: ContractKind | undefined; active?: boolean | undefined },
      page: { cursor?: string | undefined; limit: number },
    ) {
      let query = db
        .selectFrom('agent_contract_templates')
        .selectAll()
        .where('merchant_code', '=', merchantCode);
      if (filter.kind) query = query.where('kind', '=', filter.kind);
      if (filter.active !== undefined) query = query.where('active', '=', filter.active);
      const result = await keysetPage(query, templatesOrder, page);
      return { items: result.items.map(templateOf), nextCursor: result.nextCursor };
    },

    /**
     * Whether the merchant has active templates of a kind (`any`), and whether one of them has
     * exactly these terms (`matching`: jsonb equality, whatever the order of the keys).
     */
    async templateCheck(
      executor: Db,
      merchantCode: string,
      kind: ContractKind,
      terms: StoredTerms,
    ) {
      const result = await sql<{ any: boolean; matching: boolean | null }>`
        SELECT count(*) > 0 AS any, bool_or(terms = ${termsToJson(terms)}::jsonb) AS matching
        FROM agent_contract_templates
        WHERE merchant_code = ${merchantCode} AND kind = ${kind} AND active
      `.execute(executor);
      const row = result.rows[0];
      return { any: row?.any === true, matching: row?.matching === true };
    },

    /** A contract of the merchant (a read, no lock; another merchant's: none). */
    async merchantContract(merchantCode: string, contractId: bigint) {
      const result = await sql<Raw>`
        SELECT * FROM agent_contracts WHERE id = ${id(contractId)} AND merchant_code = ${merchantCode}
      `.execute(db);
      return result.rows[0] ? contractOf(result.rows[0]) : undefined;
    },

    /** The merchant's active templates of a kind, newest first, at most `limit`. */
    async activeTemplates(merchantCode: string, kind: ContractKind, limit: number) {
      const result = await sql<Raw>`
        SELECT * FROM agent_contract_templates
        WHERE merchant_code = ${merchantCode} AND kind = ${kind} AND active
        ORDER BY id DESC LIMIT ${limit}
      `.execute(db);
      return result.rows.map(templateOf);
    },

    /** The member's own contracts of a kind that are open: active, or offered to them. */
    async ownOpenContracts(memberId: bigint, kind: ContractKind) {
      const result = await sql<Raw>`
        SELECT * FROM agent_contracts
        WHERE member_id = ${id(memberId)} AND kind = ${kind} AND status IN ('offered', 'active')
        ORDER BY id DESC
      `.execute(db);
      return result.rows.map(contractOf);
    },

    /** A keyset page of the contracts this upline gave of a kind, newest first. */
    async downlineContracts(
      uplineMemberId: bigint,
      kind: ContractKind,
      page: { cursor?: string | undefined; limit: number },
    ) {
      const query = db
        .selectFrom('agent_contracts')
        .selectAll()
        .where('upline_member_id', '=', uplineMemberId)
        .where('kind', '=', kind);
      const result = await keysetPage(query, downlineContractsOrder, page);
      return { items: result.items.map(contractOf), nextCursor: result.nextCursor };
    },

    /** The operators' page of a merchant's contracts, newest first, by kind, status and holder. */
    async merchantContracts(
      merchantCode: string,
      filter: {
        kind?: ContractKind | undefined;
        status?: ContractStatus | undefined;
        memberId?: bigint | undefined;
      },
      page: { cursor?: string | undefined; limit: number },
    ) {
      let query = db
        .selectFrom('agent_contracts')
        .selectAll()
        .where('merchant_code', '=', merchantCode);
      if (filter.kind) query = query.where('kind', '=', filter.kind);
      if (filter.status) query = query.where('status', '=', filter.status);
      if (filter.memberId !== undefined) query = query.where('member_id', '=', filter.memberId);
      const result = await keysetPage(query, downlineContractsOrder, page);
      return { items: result.items.map(contractOf), nextCursor: result.nextCursor };
    },

    /** A contract of the merchant, locked for an operator's change (another merchant's: none). */
    async merchantContractForUpdate(trx: Db, merchantCode: string, contractId: bigint) {
      const result = await sql<Raw>`
        SELECT * FROM agent_contracts WHERE id = ${id(contractId)} AND merchant_code = ${merchantCode}
        FOR UPDATE
      `.execute(trx);
      return result.rows[0] ? contractOf(result.rows[0]) : undefined;
    },

    /** Contracts of a kind that may still owe periods: active, or ended within the look-back. */
    async contractsToSettle(kind: ContractKind, endedSince: Date, limit: number) {
      const result = await sql<Raw>`
        SELECT * FROM agent_contracts
        WHERE kind = ${kind}
          AND (status = 'active' OR (status = 'terminated' AND terminated_at >= ${endedSince}))
        ORDER BY id LIMIT ${limit}
      `.execute(db);
      return result.rows.map(contractOf);
    },

    /**
     * Whether another contract of the member and kind ended at or after `since`: the contract it
     * replaced (or one ended just before), which settles the period it ended in itself.
     */
    async otherContractEndedSince(
      executor: Db,
      contract: { id: bigint; memberId: bigint; kind: ContractKind },
      since: Date,
    ): Promise<boolean> {
      const result = await sql<Raw>`
        SELECT 1 FROM agent_contracts
        WHERE member_id = ${id(contract.memberId)} AND kind = ${contract.kind} AND id <> ${id(contract.id)}
          AND status = 'terminated' AND terminated_at >= ${since}
        LIMIT 1
      `.execute(executor);
      return result.rows.length > 0;
    },

    ...settlementsQueries(db),
    ...teamFiguresQueries,
  };
}

export type AgentContractsRepository = ReturnType<typeof createAgentContractsRepository>;
