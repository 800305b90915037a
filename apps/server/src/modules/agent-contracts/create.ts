import type { Db } from '../../db/database.js';
import { createUnitOfWork } from '../../db/unit-of-work.js';
import type { LedgerService } from '../ledger/index.js';
import { AGENT_MEMBER_TYPES, type DownlineTree, type MemberDirectory } from '../member/index.js';
import type { Merchant } from '../system/index.js';
import { seedDemoContracts } from './demo-seed.js';
import { AGENT_FIGURES_CONSUMER, createFiguresConsumer } from './figures-consumer.js';
import { createOperatorContracts } from './operator.js';
import { createOperatorTerms } from './operator-terms.js';
import { createContractReports } from './reports.js';
import { createAgentContractsRepository } from './repository.js';
import { contractKindEnabled, createContractService } from './service.js';
import { createSettlement } from './settlement.js';

/**
 * The agent-contracts module: contracts between uplines and their direct downline agents, the
 * team figures it keeps from the event stream, and the settlement that pays them.
 */
export function createAgentContracts(
  db: Db,
  deps: {
    ledger: LedgerService;
    directory: MemberDirectory;
    /** The member module's closure table: the bettors' chains of uplines. */
    tree: Pick<DownlineTree, 'uplineLinksWithin'>;
    merchantOf: (merchantCode: string) => Promise<Merchant>;
    /** Lag of the event stream's consumers (events.lag), for the figures consumer's horizon. */
    consumerLag: () => Promise<
      ReadonlyArray<{ name: string; eventsBehind: number; oldestUnappliedAgeMs: number }>
    >;
  },
) {
  const repository = createAgentContractsRepository(db);
  const uplineChainsOf = deps.tree.uplineLinksWithin;
  const unitOfWork = createUnitOfWork(db);
  const contracts = createContractService({
    repository,
    directory: deps.directory,
    unitOfWork,
    agentTypes: AGENT_MEMBER_TYPES,
  });
  const consumer = createFiguresConsumer({
    repository,
    uplineChainsOf,
    agentTypes: AGENT_MEMBER_TYPES,
  });
  const settlement = createSettlement({
    repository,
    ledger: deps.ledger,
    unitOfWork,
    db,
    currencyOf: async (merchantCode) => (await deps.merchantOf(merchantCode)).currency,
    uplineChainsOf,
    async figuresCaughtUpTo() {
      const lag = (await deps.consumerLag()).find((entry) => entry.name === AGENT_FIGURES_CONSUMER);
      const nowMs = Date.now();
      if (!lag || lag.eventsBehind === 0) return new Date(nowMs);
      return new Date(nowMs - lag.oldestUnappliedAgeMs);
    },
  });
  const operator = createOperatorContracts({
    repository,
    directory: deps.directory,
    unitOfWork,
    settlement,
  });
  return {
    contracts,
    /** The operators' lists and changes (admin API). */
    operator,
    /** The operators' templates, overrides and house contracts (admin API). */
    operatorTerms: createOperatorTerms({
      repository,
      directory: deps.directory,
      unitOfWork,
      contracts,
      contractViews: operator.contractViews,
      agentTypes: AGENT_MEMBER_TYPES,
    }),
    /** Demo data: contracts on the demo merchant's agent tree (db/seed.ts). */
    seedDemo: (merchantCode: string) =>
      seedDemoContracts(
        { repository, contracts, directory: deps.directory, unitOfWork },
        merchantCode,
      ),
    reports: createContractReports({ repository, directory: deps.directory }),
    consumer,
    settlement,
    /**
     * The contract flags of `funds/consolidated` for a member: a kind is on when the merchant
     * offers it and the member holds an active contract of it, or has one offered to them.
     */
    async flagsOf(merchant: Merchant, memberId: bigint) {
      const held = await repository.openKindsOf(memberId);
      const on = (kind: 'dividend' | 'daily' | 'hourly' | 'realtime' | 'commission') =>
        contractKindEnabled(merchant, kind) && held.has(kind);
      return {
        dailySalary: on('daily'),
        hourlySalary: on('hourly'),
        dividend: on('dividend'),
        realTimeSalary: on('realtime'),
        commission: on('commission'),
      };
    },
  };
}

export type AgentContracts = ReturnType<typeof createAgentContracts>;
