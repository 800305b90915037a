import {
  type AdminAgentContract,
  type AgentContractKind,
  type AgentContractTemplate,
  type AgentContractTerms,
  termsSchemaOf,
} from '@app/contract';
import type { Db } from '../../db/database.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../http/app-error.js';
import type { MemberDirectory } from '../member/index.js';
import type { WithinChange } from './operator.js';
import { periodEndOf, periodStartOf, periodUnitOf } from './periods.js';
import type { AgentContractsRepository, ContractRow, TemplateRow } from './repository.js';
import type { ContractService } from './service.js';
import { type StoredTerms, toApiTerms, toStoredTerms, withinUplineTerms } from './terms.js';

type Page = { cursor?: string | undefined; limit: number };

/** Most history lines an operator's view of one contract shows. */
export const OPERATOR_HISTORY_LIMIT = 200;

/** The terms as the kind needs them (a dividend's must keep `period` when given). */
function parsedTerms(kind: AgentContractKind, terms: AgentContractTerms, period?: string) {
  const parsed = termsSchemaOf(kind).safeParse(terms);
  if (!parsed.success) throw new AppError('AGENT_CONTRACT_TERMS_INVALID', { field: 'terms' });
  const stored = toStoredTerms(kind, parsed.data as AgentContractTerms);
  if (period && stored.kind === 'dividend' && stored.period !== period)
    throw new AppError('AGENT_CONTRACT_TERMS_INVALID', { field: 'terms' });
  return stored;
}

function templateView(row: TemplateRow): AgentContractTemplate {
  return {
    templateId: row.id.toString(),
    kind: row.kind,
    name: row.name,
    terms: toApiTerms(row.terms),
    active: row.active,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const templateState = (row: TemplateRow) => ({
  kind: row.kind,
  name: row.name,
  terms: toApiTerms(row.terms),
  active: row.active,
});

/** The start of the period after the one that holds `now`: when an override takes effect. */
export function nextPeriodStart(contract: ContractRow, now: Date): Date {
  const unit = periodUnitOf(
    contract.kind,
    contract.terms.kind === 'dividend' ? contract.terms.period : undefined,
  );
  return periodEndOf(unit, periodStartOf(unit, now));
}

/**
 * The operators' tools on contract terms (issue 18): templates per merchant, overriding an
 * active contract from its next period, the house's contract with a top agent, and a contract's
 * history. Every change locks its row of the operator's merchant and writes its audit entry
 * (`within`) in the same transaction.
 */
export function createOperatorTerms(deps: {
  repository: AgentContractsRepository;
  directory: Pick<MemberDirectory, 'byIds' | 'byAccount'>;
  unitOfWork: UnitOfWork;
  contracts: Pick<ContractService, 'setHouseContract'>;
  contractViews: (rows: ContractRow[]) => Promise<AdminAgentContract[]>;
  agentTypes: readonly number[];
  now?: () => Date;
}) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());

  async function contractView(row: ContractRow) {
    const [one] = await deps.contractViews([row]);
    return one as AdminAgentContract;
  }

  /** The terms of an active contract, changed from its next period on; the caller's transaction. */
  async function overrideWithin(
    trx: Db,
    contract: ContractRow,
    input: { terms: AgentContractTerms; reason: string; operatorAccount: string },
    within: WithinChange,
  ) {
    if (contract.status !== 'active')
      throw new AppError('AGENT_CONTRACT_ACTION_NOT_ALLOWED', { field: 'contractId' });
    const terms = parsedTerms(contract.kind, input.terms, contract.period);
    await assertBetweenUplineAndDownline(trx, contract, terms);
    const effectiveFrom = nextPeriodStart(contract, now());
    const updated = await repository.updateContract(trx, contract.id, { terms });
    await repository.insertHistory(trx, {
      contractId: contract.id,
      action: 'operator-override',
      actorMemberId: null,
      note: input.reason,
      override: {
        operatorAccount: input.operatorAccount,
        termsBefore: contract.terms,
        termsAfter: terms,
        effectiveFrom,
      },
    });
    await within(
      trx,
      { terms: toApiTerms(contract.terms) },
      { terms: toApiTerms(terms), effectiveFrom: effectiveFrom.toISOString() },
    );
    return { updated, effectiveFrom };
  }

  /** New terms stay within the upline's own, and still cover what the agent gave its downline. */
  async function assertBetweenUplineAndDownline(
    trx: Db,
    contract: ContractRow,
    terms: StoredTerms,
  ) {
    if (contract.uplineMemberId !== null) {
      const upline = await repository.activeContractOf(trx, contract.uplineMemberId, contract.kind);
      if (!upline || !withinUplineTerms(terms, upline.terms))
        throw new AppError('AGENT_CONTRACT_RATE_ABOVE_UPLINE', { field: 'terms' });
    }
    const given = await repository.openDownlineContractsForUpdate(
      trx,
      contract.memberId,
      contract.kind,
    );
    if (given.some((downline) => !withinUplineTerms(downline.terms, terms)))
      throw new AppError('AGENT_CONTRACT_BELOW_DOWNLINE', { field: 'terms' });
  }

  return {
    async templates(
      merchantCode: string,
      filter: { kind?: AgentContractKind | undefined; active?: boolean | undefined },
      page: Page,
    ) {
      const result = await repository.merchantTemplates(merchantCode, filter, page);
      return { items: result.items.map(templateView), nextCursor: result.nextCursor };
    },

    /**
     * Creates a template, or changes one of the merchant's. Contracts copy their terms when they
     * are offered, so a change here never reaches a contract already offered or signed.
     */
    async saveTemplate(
      merchantCode: string,
      input: {
        templateId?: string | undefined;
        kind: AgentContractKind;
        name: string;
        terms: AgentContractTerms;
        active: boolean;
      },
      within: (trx: Db, subjectId: string, before: object | null, after: object) => Promise<void>,
    ) {
      const terms = parsedTerms(input.kind, input.terms);
      const saved = await deps
        .unitOfWork(async (trx) => {
          if (input.templateId === undefined) {
            const created = await repository.insertTemplate(trx, {
              merchantCode,
              kind: input.kind,
              name: input.name,
              terms,
              active: input.active,
            });
            await within(trx, created.id.toString(), null, templateState(created));
            return created;
          }
          const existing = await repository.merchantTemplateForUpdate(
            trx,
            merchantCode,
            BigInt(input.templateId),
          );
          if (!existing)
            throw new AppError('AGENT_CONTRACT_TEMPLATE_NOT_FOUND', { field: 'templateId' });
          if (existing.kind !== input.kind)
            throw new AppError('AGENT_CONTRACT_TERMS_INVALID', { field: 'kind' });
          const updated = await repository.updateTemplate(trx, existing.id, {
            name: input.name,
            terms,
            active: input.active,
          });
          await within(
            trx,
            existing.id.toString(),
            templateState(existing),
            templateState(updated),
          );
          return updated;
        })
        .catch((error: { code?: string }) => {
          // The unique index on (merchant, name).
          if (error.code === '23505')
            throw new AppError('AGENT_CONTRACT_TEMPLATE_NAME_TAKEN', { field: 'name' });
          throw error;
        });
      return templateView(saved);
    },

    /** Changes an active contract's terms from its next settlement period on. */
    async override(
      merchantCode: string,
      input: {
        contractId: bigint;
        terms: AgentContractTerms;
        reason: string;
        operatorAccount: string;
      },
      within: WithinChange,
    ) {
      const { updated, effectiveFrom } = await deps.unitOfWork(async (trx) => {
        const contract = await repository.merchantContractForUpdate(
          trx,
          merchantCode,
          input.contractId,
        );
        if (!contract) throw new AppError('AGENT_CONTRACT_NOT_FOUND', { field: 'contractId' });
        return overrideWithin(trx, contract, input, within);
      });
      return { ...(await contractView(updated)), effectiveFrom: effectiveFrom.toISOString() };
    },

    /**
     * The house's contract with a top agent. A first contract of the kind starts now; when the
     * agent already holds one, its terms change from the next period (an override), so that no
     * period is paid by two contracts.
     */
    async setHouseContract(
      merchantCode: string,
      input: {
        account: string;
        kind: AgentContractKind;
        terms: AgentContractTerms;
        reason: string;
        operatorAccount: string;
      },
      within: (trx: Db, subjectId: string, before: object | null, after: object) => Promise<void>,
    ) {
      const agent = await deps.directory.byAccount(merchantCode, input.account);
      if (!agent) throw new AppError('AGENT_CONTRACT_NOT_FOUND', { field: 'account' });
      const isTopAgent =
        agent.uplineMemberId === null &&
        agent.status === 'active' &&
        deps.agentTypes.includes(agent.type);
      if (!isTopAgent) throw new AppError('AGENT_NOT_TOP_LEVEL', { field: 'account' });
      const terms = parsedTerms(input.kind, input.terms);
      const contract = await deps.unitOfWork(async (trx) => {
        const current = await repository.activeContractOf(trx, agent.id, input.kind);
        const locked =
          current && (await repository.merchantContractForUpdate(trx, merchantCode, current.id));
        if (locked) {
          const { updated } = await overrideWithin(trx, locked, input, (_trx, before, after) =>
            within(trx, locked.id.toString(), before, after),
          );
          return updated;
        }
        const created = await deps.contracts.setHouseContract(trx, {
          merchantCode,
          memberId: agent.id,
          kind: input.kind,
          terms: toApiTerms(terms),
          note: input.reason,
        });
        await within(trx, created.id.toString(), null, {
          kind: created.kind,
          terms: toApiTerms(created.terms),
        });
        return created;
      });
      return contractView(contract);
    },

    /** A contract's history for operators, overrides with who, before and after. */
    async history(merchantCode: string, contractId: bigint) {
      const contract = await repository.merchantContract(merchantCode, contractId);
      if (!contract) throw new AppError('AGENT_CONTRACT_NOT_FOUND', { field: 'contractId' });
      const lines = await repository.history(contract.id, OPERATOR_HISTORY_LIMIT);
      const members = await deps.directory.byIds(
        lines.flatMap((line) => (line.actorMemberId === null ? [] : [line.actorMemberId])),
      );
      return {
        list: lines.map((line) => ({
          action: line.action,
          member:
            line.actorMemberId === null
              ? null
              : (members.get(line.actorMemberId)?.username ?? null),
          operator: line.operatorAccount,
          note: line.note,
          termsBefore: line.termsBefore ? toApiTerms(line.termsBefore) : null,
          termsAfter: line.termsAfter ? toApiTerms(line.termsAfter) : null,
          effectiveFrom: line.effectiveFrom?.toISOString() ?? null,
          createdAt: line.createdAt.toISOString(),
        })),
      };
    },
  };
}

export type OperatorTerms = ReturnType<typeof createOperatorTerms>;
