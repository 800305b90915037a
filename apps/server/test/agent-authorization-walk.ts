/**
 * The agent calls that the authorization walk (`agent-authorization.medium.test.ts`) takes
 * every actor through: one row per call. A call that takes a member of the caller's downline
 * says how (`request(target)`); the walk then checks that the agent's own downline passes, and
 * that a member of another tree, the agent's own upline and an id that does not exist are
 * refused with one and the same answer. Append new agent calls at the end.
 */
export interface WalkTarget {
  id: string;
  account: string;
}

export interface AgentCallCase {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  /** The request for `target` (a member of the downline), or for no member at all. */
  request(target: WalkTarget): { query?: Record<string, string>; body?: unknown };
  /** Whether the call takes a member of the caller's downline (else it only lists the caller's). */
  takesMember: boolean;
  /**
   * Whether an upline two levels up may act on the target as well: true for reads of the whole
   * subtree, false for actions on a DIRECT downline only.
   */
  uplineMayAct?: boolean;
  /** The answer for a member not in the caller's downline, when not DOWNLINE_NOT_FOUND (404). */
  notYours?: { status: number; errorCode: string };
  /**
   * Whether an answer for an allowed caller passed authorization (default: status 200). Calls
   * that move money fail later for other reasons (no funds) in a walk that funds nobody.
   */
  passed?(answer: { status: number; body: { errorCode?: string } }): boolean;
}

const period = { fromDay: '2026-01-01', toDay: '2026-03-31' };
let counter = 0;
function unique(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36).slice(-5)}${counter}`;
}

export const agentCallCases: AgentCallCase[] = [
  {
    name: 'agentOverview',
    method: 'GET',
    path: '/wps/agent/overview',
    request: () => ({}),
    takesMember: false,
  },
  {
    name: 'transferDownline',
    method: 'POST',
    path: '/wps/agent/transfer/downline',
    request: (target) => ({
      body: { downlineAccount: target.account, amount: 10_000, paymentPassword: '123456' },
    }),
    takesMember: true,
    uplineMayAct: false,
    notYours: { status: 400, errorCode: 'TRANSFER_RECIPIENT_INVALID' },
    passed: (answer) =>
      answer.status !== 401 &&
      answer.status !== 403 &&
      answer.body.errorCode !== 'TRANSFER_RECIPIENT_INVALID',
  },
  {
    name: 'agentTeamOverview',
    method: 'GET',
    path: '/wps/agent/team/overview',
    request: () => ({ query: period }),
    takesMember: false,
  },
  {
    name: 'agentDownline (drill down)',
    method: 'GET',
    path: '/wps/agent/team/members',
    request: (target) => ({ query: { parentId: target.id } }),
    takesMember: true,
  },
  {
    name: 'agentDownline (whole team)',
    method: 'GET',
    path: '/wps/agent/team/members',
    request: () => ({ query: { allLevels: 'true' } }),
    takesMember: false,
  },
  {
    name: 'agentSetDownlineType',
    method: 'POST',
    path: '/wps/agent/team/members/type',
    request: (target) => ({ body: { memberId: target.id, type: 0 } }),
    takesMember: true,
    uplineMayAct: false,
  },
  {
    name: 'agentRegisterDownline',
    method: 'PUT',
    path: '/wps/agent/team/register',
    request: () => ({
      body: { username: unique('walk'), password: 'secret123', confirmPassword: 'secret123' },
    }),
    takesMember: false,
  },
  {
    name: 'agentInvitationCodes',
    method: 'GET',
    path: '/wps/agent/invitation-codes',
    request: () => ({}),
    takesMember: false,
  },
  {
    name: 'agentSaveInvitationCode',
    method: 'POST',
    path: '/wps/agent/invitation-codes',
    request: () => ({ body: {} }),
    takesMember: false,
  },
  {
    name: 'agentTeamBetting (team)',
    method: 'GET',
    path: '/wps/agent/team/betting',
    request: () => ({ query: period }),
    takesMember: false,
  },
  {
    name: 'agentTeamBetting (member)',
    method: 'GET',
    path: '/wps/agent/team/betting',
    request: (target) => ({ query: { ...period, memberId: target.id } }),
    takesMember: true,
  },
  {
    name: 'agentUserProfit',
    method: 'GET',
    path: '/wps/agent/team/profit',
    request: (target) => ({ query: { ...period, parentId: target.id } }),
    takesMember: true,
  },
  {
    name: 'agentDownlineTransactions (team)',
    method: 'GET',
    path: '/wps/agent/team/transactions',
    request: () => ({ query: period }),
    takesMember: false,
  },
  {
    name: 'agentDownlineTransactions (member)',
    method: 'GET',
    path: '/wps/agent/team/transactions',
    request: (target) => ({ query: { ...period, memberId: target.id } }),
    takesMember: true,
  },
  {
    name: 'agentInvitationQr',
    method: 'GET',
    path: '/wps/agent/invitation-codes/qr',
    // Another agent's code is not found, like a code nobody has.
    request: () => ({ query: { code: 'WALKCODE1' } }),
    takesMember: false,
    passed: (answer) => answer.status === 404 && answer.body.errorCode === 'NOT_FOUND',
  },
  {
    name: 'agentContractList',
    method: 'GET',
    path: '/wps/agent/contracts',
    request: () => ({ query: { kind: 'daily' } }),
    takesMember: false,
  },
  {
    name: 'agentSettlementList',
    method: 'GET',
    path: '/wps/agent/contracts/settlements',
    request: () => ({ query: { kind: 'daily' } }),
    takesMember: false,
  },
  {
    name: 'agentRevenueReport',
    method: 'GET',
    path: '/wps/agent/agentRevenueReport',
    request: () => ({ query: { from: period.fromDay, to: '2026-03-31' } }),
    takesMember: false,
  },
  {
    name: 'agentAnnouncements',
    method: 'GET',
    path: '/wps/agent/announcements',
    request: () => ({}),
    takesMember: false,
  },
];

export type ContractWalkKind = 'dividend' | 'daily' | 'hourly' | 'realtime' | 'commission';

/**
 * The contract calls that take an object id: a downline account (the offer) or a contract id
 * (the answers and the history). The walk gives `request` the caller's own object, then objects
 * of another tree, of the caller's upline, the caller itself and one that does not exist; every
 * refusal is AGENT_CONTRACT_NOT_FOUND (404), word for word. Append new contract calls at the end.
 */
export interface AgentContractCallCase {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** What the call's id names: a direct downline agent's account or a contract of `kind`. */
  takes: 'downline' | 'contract';
  kind: ContractWalkKind;
  request(objectId: string): { query?: Record<string, string>; body?: unknown };
}

const processPaths: Record<ContractWalkKind, string> = {
  dividend: '/wps/relay/MCS2_processDividendReq',
  daily: '/wps/relay/MCS2_processDailySalContract',
  hourly: '/wps/relay/MCS2_processContractHourSalary',
  realtime: '/wps/relay/MCSFE_processRealTimeSalaryContract',
  commission: '/wps/relay/MCS2_processCommissionContract',
};

/** Terms of each kind at `ratePercent` with no bars, valid for every check before the rates. */
export function walkTerms(kind: ContractWalkKind, ratePercent: number) {
  if (kind === 'realtime') return { profitRate: ratePercent, lossRate: ratePercent, singleBet: 0 };
  if (kind === 'commission') return { tiers: [{ validBet: 0, rate: ratePercent }] };
  if (kind === 'dividend')
    return {
      period: 'Daily',
      tiers: [{ validBet: 0, profitLoss: 0, activeMembers: 0, rate: ratePercent }],
    };
  return { tiers: [{ betAmount: 0, rate: ratePercent }] };
}

export const contractWalkKinds: ContractWalkKind[] = [
  'dividend',
  'daily',
  'hourly',
  'realtime',
  'commission',
];

export const agentContractCallCases: AgentContractCallCase[] = [
  ...contractWalkKinds.flatMap((kind): AgentContractCallCase[] => [
    {
      name: `process ${kind}: Offer`,
      method: 'POST',
      path: processPaths[kind],
      takes: 'downline',
      kind,
      request: (downline) => ({ body: { action: 'Offer', downline, terms: walkTerms(kind, 1) } }),
    },
    ...(['Accept', 'Reject', 'Terminate'] as const).map(
      (action): AgentContractCallCase => ({
        name: `process ${kind}: ${action}`,
        method: 'POST',
        path: processPaths[kind],
        takes: 'contract',
        kind,
        request: (contractId) => ({ body: { action, contractId } }),
      }),
    ),
  ]),
  {
    name: 'agentContractHistory',
    method: 'GET',
    path: '/wps/agent/contracts/history',
    takes: 'contract',
    kind: 'daily',
    request: (contractId) => ({ query: { contractId } }),
  },
];
