import type { AgentContractKind, AgentContractTerms } from '@app/contract';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { MemberDirectory } from '../member/index.js';
import type { AgentContractsRepository } from './repository.js';
import type { ContractService } from './service.js';
import { toStoredTerms } from './terms.js';

/**
 * The chain of demo agents that hold contracts, top first: the agent centre's demo team
 * (`member/demo-seed.repository.ts`), its lead and a sub-agent directly below it.
 */
export const DEMO_CONTRACT_AGENTS = ['teamlead', 'teamsub1'] as const;

const houseTerms: Array<[AgentContractKind, AgentContractTerms]> = [
  [
    'daily',
    {
      tiers: [
        { betAmount: 0, rate: 1 },
        { betAmount: 10_000, rate: 1.5 },
      ],
    },
  ],
  ['hourly', { tiers: [{ betAmount: 0, rate: 0.5 }] }],
  ['realtime', { profitRate: 0.3, lossRate: 0.6, singleBet: 100 }],
  [
    'dividend',
    {
      period: 'Weekly',
      tiers: [
        { validBet: 0, profitLoss: 0, activeMembers: 1, rate: 20 },
        { validBet: 100_000, profitLoss: 10_000, activeMembers: 5, rate: 30 },
      ],
    },
  ],
  [
    'commission',
    {
      tiers: [
        { validBet: 0, rate: 0.8, categoryRates: { LOTT: 0.3 } },
        { validBet: 100_000, rate: 1, categoryRates: { LOTT: 0.4 } },
      ],
    },
  ],
];

/**
 * Commission contracts start this many days back (the demo team's simulated play, module agent),
 * so the settlement job pays the weeks of play already in the figures and the demo agent's
 * income shows commission from the first minutes.
 */
const DEMO_COMMISSION_BACKDATE_DAYS = 21;
const DAY_MS = 86_400_000;

/** Each level below keeps this share of its upline's rates. */
const DOWNLINE_SHARE = 0.6;

function scaled(kind: AgentContractKind, terms: AgentContractTerms): AgentContractTerms {
  const rate = (value: number) => Math.floor(value * DOWNLINE_SHARE * 100) / 100;
  if (kind === 'realtime' && 'profitRate' in terms) {
    return { ...terms, profitRate: rate(terms.profitRate), lossRate: rate(terms.lossRate) };
  }
  if ('tiers' in terms) {
    return {
      ...terms,
      tiers: terms.tiers.map((tier) => ({
        ...tier,
        rate: rate(tier.rate),
        ...('categoryRates' in tier &&
          tier.categoryRates && {
            categoryRates: Object.fromEntries(
              Object.entries(tier.categoryRates).map(([category, value]) => [
                category,
                rate(value),
              ]),
            ),
          }),
      })),
    } as AgentContractTerms;
  }
  return terms;
}

/**
 * Contracts on the demo merchant's agent tree (usernames above, seeded by the agent-tree part):
 * the house with `teamlead` for every kind, and each agent with its direct downline agent at
 * 60 % of its own rates. Idempotent: an agent that already holds a contract of a kind keeps it;
 * a tree that is not there (yet) gets nothing.
 */
export async function seedDemoContracts(
  deps: {
    repository: AgentContractsRepository;
    contracts: ContractService;
    directory: Pick<MemberDirectory, 'byAccount'>;
    unitOfWork: UnitOfWork;
  },
  merchantCode: string,
): Promise<void> {
  const agents = await Promise.all(
    DEMO_CONTRACT_AGENTS.map((username) => deps.directory.byAccount(merchantCode, username)),
  );
  const [top] = agents;
  if (!top) return;
  const commissionSince = new Date(Date.now() - DEMO_COMMISSION_BACKDATE_DAYS * DAY_MS);
  await deps.unitOfWork(async (trx) => {
    for (const [kind, terms] of houseTerms) {
      if (await deps.repository.activeContractOf(trx, top.id, kind)) continue;
      const created = await deps.contracts.setHouseContract(trx, {
        merchantCode,
        memberId: top.id,
        kind,
        terms,
      });
      if (kind === 'commission') {
        await deps.repository.backdateDemoContract(trx, created.id, commissionSince);
      }
    }
    for (let level = 1; level < agents.length; level += 1) {
      const upline = agents[level - 1];
      const downline = agents[level];
      if (!upline || !downline || downline.uplineMemberId !== upline.id) return;
      for (const [kind, house] of houseTerms) {
        if (await deps.repository.activeContractOf(trx, downline.id, kind)) continue;
        let terms = house;
        for (let step = 0; step < level; step += 1) terms = scaled(kind, terms);
        const created = await deps.repository.insertContract(trx, {
          merchantCode,
          kind,
          uplineMemberId: upline.id,
          memberId: downline.id,
          period: kind === 'dividend' || kind === 'commission' ? 'weekly' : kind,
          terms: toStoredTerms(kind, terms),
          status: 'active',
        });
        await deps.repository.insertHistory(trx, {
          contractId: created.id,
          action: 'seeded',
          actorMemberId: null,
        });
        if (kind === 'commission') {
          await deps.repository.backdateDemoContract(trx, created.id, commissionSince);
        }
      }
    }
  });
}
