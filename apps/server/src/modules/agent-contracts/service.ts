import {
  AGENT_CONTRACT_TEMPLATES_ACTIVE_MAX,
  type AgentContract,
  type AgentContractKind,
  type AgentContractTerms,
  type DividendTerms,
} from '@app/contract';
import type { Db } from '../../db/database.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../http/app-error.js';
import { appendEvents, type EventType } from '../events/index.js';
import type { MemberDirectory } from '../member/index.js';
import type { Merchant } from '../system/index.js';
import type { AgentContractsRepository, ContractRow, ContractStatus } from './repository.js';
import { type StoredTerms, toApiTerms, toStoredTerms, withinUplineTerms } from './terms.js';

/** Most history lines one contract shows. */
export const CONTRACT_HISTORY_LIMIT = 100;

export type ContractAction =
  | { action: 'Offer'; downline: string; terms: AgentContractTerms }
  | { action: 'Accept' | 'Reject' | 'Terminate'; contractId: string };

const statusNames: Record<ContractStatus, AgentContract['status']> = {
  offered: 'Offered',
  active: 'Active',
  rejected: 'Rejected',
  terminated: 'Terminated',
  withdrawn: 'Withdrawn',
};

const switchOf: Record<AgentContractKind, keyof Merchant['whiteLabel']> = {
  dividend: 'dividend',
  daily: 'dailySalary',
  hourly: 'hourlySalary',
  realtime: 'realTimeSalary',
  commission: 'commission',
};

/** The merchant's switch for a kind of contract (SPEC §6: each page only when it is on). */
export function contractKindEnabled(merchant: Merchant, kind: AgentContractKind): boolean {
  return merchant.whiteLabel[switchOf[kind]] === true;
}

const periodOf = (kind: AgentContractKind, terms: AgentContractTerms) =>
  kind === 'dividend'
    ? (terms as DividendTerms).period.toLowerCase()
    : kind === 'commission'
      ? 'weekly'
      : kind;

/** "Not yours" and "does not exist" are the same answer, so nothing leaks about other teams. */
const notFound = () => new AppError('AGENT_CONTRACT_NOT_FOUND');

export function createContractService(deps: {
  repository: AgentContractsRepository;
  directory: Pick<MemberDirectory, 'byIds' | 'byAccount'>;
  unitOfWork: UnitOfWork;
  agentTypes: readonly number[];
}) {
  const { repository } = deps;

  async function views(callerId: bigint, contracts: ContractRow[]): Promise<AgentContract[]> {
    const ids = new Set<bigint>();
    for (const contract of contracts) {
      ids.add(contract.memberId);
      if (contract.uplineMemberId !== null) ids.add(contract.uplineMemberId);
    }
    const members = await deps.directory.byIds([...ids]);
    const nameOf = (memberId: bigint) => members.get(memberId)?.username ?? '';
    return contracts.map((contract) => ({
      contractId: contract.id.toString(),
      kind: contract.kind,
      status: statusNames[contract.status],
      role: contract.memberId === callerId ? 'downline' : 'upline',
      upline: contract.uplineMemberId === null ? null : nameOf(contract.uplineMemberId),
      downline: nameOf(contract.memberId),
      terms: toApiTerms(contract.terms),
      terminationRequestedBy:
        contract.terminationRequestedBy === null
          ? null
          : contract.terminationRequestedBy === callerId
            ? 'me'
            : 'counterparty',
      offeredAt: contract.offeredAt.toISOString(),
      decidedAt: contract.decidedAt?.toISOString() ?? null,
      terminatedAt: contract.terminatedAt?.toISOString() ?? null,
    }));
  }

  async function view(callerId: bigint, contract: ContractRow): Promise<AgentContract> {
    const [one] = await views(callerId, [contract]);
    if (!one) throw new Error('contract view missing');
    return one;
  }

  async function record(
    trx: Db,
    contract: ContractRow,
    /** The history line's action (null: the caller wrote its own line). */
    action: string | null,
    actorMemberId: bigint | null,
    event?: { type: EventType; notify: bigint },
  ) {
    if (action !== null) {
      await repository.insertHistory(trx, { contractId: contract.id, action, actorMemberId });
    }
    if (!event) return;
    await appendEvents(trx, [
      {
        type: event.type as 'agent-contract.offered',
        merchantCode: contract.merchantCode,
        memberId: event.notify,
        payload: {
          contractId: contract.id.toString(),
          kind: contract.kind,
          memberId: contract.memberId.toString(),
          uplineMemberId: contract.uplineMemberId?.toString() ?? null,
        },
      },
    ]);
  }

  /** The upline's own active terms must cover the offered ones (the house's contracts are free). */
  async function assertWithinUpline(
    trx: Db,
    uplineId: bigint | null,
    kind: AgentContractKind,
    terms: StoredTerms,
  ) {
    if (uplineId === null) return;
    const own = await repository.activeContractOf(trx, uplineId, kind);
    if (!own) throw new AppError('AGENT_CONTRACT_UPLINE_HAS_NONE');
    if (!withinUplineTerms(terms, own.terms))
      throw new AppError('AGENT_CONTRACT_RATE_ABOVE_UPLINE');
  }

  /** When the merchant offers templates of this kind, an offer must be one of them. */
  async function assertFromTemplate(
    trx: Db,
    merchantCode: string,
    kind: AgentContractKind,
    terms: StoredTerms,
  ) {
    const check = await repository.templateCheck(trx, merchantCode, kind, terms);
    if (check.any && !check.matching) throw new AppError('AGENT_CONTRACT_TEMPLATE_REQUIRED');
  }

  async function offer(
    merchant: Merchant,
    callerId: bigint,
    kind: AgentContractKind,
    downlineAccount: string,
    apiTerms: AgentContractTerms,
  ) {
    const downline = await deps.directory.byAccount(merchant.code, downlineAccount);
    const isDirectAgent =
      downline !== undefined &&
      downline.uplineMemberId === callerId &&
      downline.status === 'active' &&
      deps.agentTypes.includes(downline.type);
    if (!downline || !isDirectAgent) throw notFound();
    const terms = toStoredTerms(kind, apiTerms);
    const contract = await deps.unitOfWork(async (trx) => {
      await assertWithinUpline(trx, callerId, kind, terms);
      await assertFromTemplate(trx, merchant.code, kind, terms);
      const created = await repository
        .insertContract(trx, {
          merchantCode: merchant.code,
          kind,
          uplineMemberId: callerId,
          memberId: downline.id,
          period: periodOf(kind, apiTerms),
          terms,
          status: 'offered',
        })
        .catch((error: { code?: string }) => {
          // The partial unique index: one open offer of a kind per downline at a time.
          if (error.code === '23505') throw new AppError('AGENT_CONTRACT_OFFER_PENDING');
          throw error;
        });
      await record(trx, created, 'offered', callerId, {
        type: 'agent-contract.offered',
        notify: downline.id,
      });
      return created;
    });
    return view(callerId, contract);
  }

  /**
   * Ends the contracts the downline gave of this kind whose terms its new contract no longer
   * covers (SPEC §4): open offers are withdrawn, active contracts terminated.
   */
  async function endUncoveredDownlineContracts(trx: Db, accepted: ContractRow) {
    const given = await repository.openDownlineContractsForUpdate(
      trx,
      accepted.memberId,
      accepted.kind,
    );
    for (const contract of given) {
      if (withinUplineTerms(contract.terms, accepted.terms)) continue;
      const status = contract.status === 'offered' ? 'withdrawn' : 'terminated';
      const ended = await repository.updateContract(trx, contract.id, {
        status,
        terminated: status === 'terminated',
      });
      await record(trx, ended, 'ended-by-upline-contract', null, {
        type: 'agent-contract.terminated',
        notify: contract.memberId,
      });
    }
  }

  async function accept(trx: Db, callerId: bigint, contract: ContractRow) {
    if (contract.status === 'offered' && contract.memberId === callerId) {
      await assertWithinUpline(trx, contract.uplineMemberId, contract.kind, contract.terms);
      const previous = await repository.activeContractOf(trx, callerId, contract.kind);
      if (previous) {
        const replaced = await repository.updateContract(trx, previous.id, {
          status: 'terminated',
          terminated: true,
        });
        await record(trx, replaced, 'replaced', callerId);
      }
      const accepted = await repository.updateContract(trx, contract.id, {
        status: 'active',
        decided: true,
      });
      await record(trx, accepted, 'accepted', callerId, {
        type: 'agent-contract.accepted',
        notify: contract.uplineMemberId ?? callerId,
      });
      await endUncoveredDownlineContracts(trx, accepted);
      return accepted;
    }
    if (contract.status === 'active' && isCounterpartyRequest(contract, callerId)) {
      const ended = await repository.updateContract(trx, contract.id, {
        status: 'terminated',
        terminated: true,
      });
      await record(trx, ended, 'termination-accepted', callerId, {
        type: 'agent-contract.terminated',
        notify: contract.terminationRequestedBy ?? callerId,
      });
      return ended;
    }
    throw new AppError('AGENT_CONTRACT_ACTION_NOT_ALLOWED');
  }

  function isCounterpartyRequest(contract: ContractRow, callerId: bigint) {
    return contract.terminationRequestedBy !== null && contract.terminationRequestedBy !== callerId;
  }

  async function reject(trx: Db, callerId: bigint, contract: ContractRow) {
    if (contract.status === 'offered' && contract.memberId === callerId) {
      const rejected = await repository.updateContract(trx, contract.id, {
        status: 'rejected',
        decided: true,
      });
      await record(trx, rejected, 'rejected', callerId);
      return rejected;
    }
    if (contract.status === 'active' && isCounterpartyRequest(contract, callerId)) {
      const kept = await repository.updateContract(trx, contract.id, {
        terminationRequestedBy: null,
      });
      await record(trx, kept, 'termination-rejected', callerId);
      return kept;
    }
    throw new AppError('AGENT_CONTRACT_ACTION_NOT_ALLOWED');
  }

  async function terminate(trx: Db, callerId: bigint, contract: ContractRow) {
    if (contract.status === 'offered' && contract.uplineMemberId === callerId) {
      const withdrawn = await repository.updateContract(trx, contract.id, { status: 'withdrawn' });
      await record(trx, withdrawn, 'withdrawn', callerId);
      return withdrawn;
    }
    if (contract.status === 'active' && contract.terminationRequestedBy === null) {
      const requested = await repository.updateContract(trx, contract.id, {
        terminationRequestedBy: callerId,
      });
      await record(trx, requested, 'termination-requested', callerId);
      return requested;
    }
    throw new AppError('AGENT_CONTRACT_ACTION_NOT_ALLOWED');
  }

  const answers = { Accept: accept, Reject: reject, Terminate: terminate };

  return {
    /** One action of SPEC §4 on a contract of `kind`, for the calling agent. */
    async process(
      merchant: Merchant,
      callerId: bigint,
      kind: AgentContractKind,
      input: ContractAction,
    ): Promise<AgentContract> {
      if (!contractKindEnabled(merchant, kind)) throw new AppError('AGENT_CONTRACT_KIND_DISABLED');
      if (input.action === 'Offer') {
        return offer(merchant, callerId, kind, input.downline, input.terms);
      }
      const answer = answers[input.action];
      const changed = await deps.unitOfWork(async (trx) => {
        const contract = await repository.partyContractForUpdate(
          trx,
          BigInt(input.contractId),
          callerId,
        );
        if (!contract || contract.kind !== kind || contract.merchantCode !== merchant.code) {
          throw notFound();
        }
        return answer(trx, callerId, contract);
      });
      return view(callerId, changed);
    },

    /**
     * The house's contract with a top agent (no upline): set by an operator or the demo seed.
     * It replaces the agent's active contract of the kind; the agent's own downline contracts
     * that it no longer covers end (as on an acceptance). Runs in the caller's transaction.
     */
    async setHouseContract(
      trx: Db,
      input: {
        merchantCode: string;
        memberId: bigint;
        kind: AgentContractKind;
        terms: AgentContractTerms;
        /** Why (an operator's reason), kept on the history line. */
        note?: string;
      },
    ): Promise<ContractRow> {
      const previous = await repository.activeContractOf(trx, input.memberId, input.kind);
      if (previous) {
        const replaced = await repository.updateContract(trx, previous.id, {
          status: 'terminated',
          terminated: true,
        });
        await record(trx, replaced, 'replaced', null);
      }
      const created = await repository.insertContract(trx, {
        merchantCode: input.merchantCode,
        kind: input.kind,
        uplineMemberId: null,
        memberId: input.memberId,
        period: periodOf(input.kind, input.terms),
        terms: toStoredTerms(input.kind, input.terms),
        status: 'active',
      });
      await repository.insertHistory(trx, {
        contractId: created.id,
        action: 'set-by-house',
        actorMemberId: null,
        ...(input.note ? { note: input.note } : {}),
      });
      await record(trx, created, null, null, {
        type: 'agent-contract.accepted',
        notify: input.memberId,
      });
      await endUncoveredDownlineContracts(trx, created);
      return created;
    },

    /** The merchant's active templates of a kind, for an upline's offer form. */
    async templates(merchant: Merchant, kind: AgentContractKind) {
      if (!contractKindEnabled(merchant, kind)) throw new AppError('AGENT_CONTRACT_KIND_DISABLED');
      const rows = await repository.activeTemplates(
        merchant.code,
        kind,
        AGENT_CONTRACT_TEMPLATES_ACTIVE_MAX,
      );
      return {
        list: rows.map((row) => ({
          templateId: row.id.toString(),
          kind: row.kind,
          name: row.name,
          terms: toApiTerms(row.terms),
        })),
      };
    },

    async list(
      callerId: bigint,
      kind: AgentContractKind,
      page: { cursor?: string | undefined; limit: number },
    ) {
      const [own, downline] = await Promise.all([
        repository.ownOpenContracts(callerId, kind),
        repository.downlineContracts(callerId, kind, page),
      ]);
      return {
        own: await views(callerId, own),
        downline: await views(callerId, downline.items),
        nextCursor: downline.nextCursor,
      };
    },

    /** A contract's history for one of its parties; anyone else learns nothing. */
    async history(callerId: bigint, contractId: bigint) {
      const contract = await repository.partyContract(contractId, callerId);
      if (!contract) throw notFound();
      const lines = await repository.history(contractId, CONTRACT_HISTORY_LIMIT);
      return {
        list: lines.map((line) => ({
          action: line.action,
          by:
            line.actorMemberId === null
              ? ('house' as const)
              : line.actorMemberId === callerId
                ? ('me' as const)
                : ('counterparty' as const),
          note: line.note,
          createdAt: line.createdAt.toISOString(),
        })),
      };
    },

    views,
  };
}

export type ContractService = ReturnType<typeof createContractService>;
