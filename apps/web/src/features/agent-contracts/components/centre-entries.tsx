import type { AgentContractKind } from '@app/contract/client';
import { useAgentContractsTexts } from '../agent-contracts-texts';
import { ContractPage } from './contract-page';
import { IncomePage } from './income-page';

/**
 * The agent centre's income and contract pages as entries of its page list
 * (`features/agent/agent-centre-pages.ts`); each loads the contract texts first.
 */
export function IncomeEntry() {
  useAgentContractsTexts();
  return <IncomePage />;
}

function contractEntry(kind: AgentContractKind) {
  return function ContractEntry() {
    useAgentContractsTexts();
    return <ContractPage kind={kind} />;
  };
}

export const DividendEntry = contractEntry('dividend');
export const DailyEntry = contractEntry('daily');
export const HourlyEntry = contractEntry('hourly');
export const RealTimeEntry = contractEntry('realtime');
export const CommissionEntry = contractEntry('commission');
