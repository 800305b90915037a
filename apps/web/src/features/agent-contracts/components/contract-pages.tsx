import type { AgentContractKind } from '@app/contract/client';
import { Loader, Tabs } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgentContractsTexts } from '../agent-contracts-texts';
import { ContractPage } from './contract-page';
import { IncomePage } from './income-page';

export interface AgentContractPagesProps {
  /** The merchant's switches (SPEC §2: each contract page only when it is on). */
  enabled: Record<AgentContractKind, boolean>;
}

const kinds: readonly AgentContractKind[] = ['dividend', 'daily', 'hourly', 'realtime'];

/**
 * The agent centre's income and contract pages (my income, dividend, daily, hourly and
 * real-time salary), loaded with their texts when the centre opens.
 */
export default function AgentContractPages(props: AgentContractPagesProps) {
  return (
    <Suspense fallback={<Loader size="sm" />}>
      <Pages {...props} />
    </Suspense>
  );
}

function Pages({ enabled }: AgentContractPagesProps) {
  useAgentContractsTexts();
  const { t } = useTranslation('agent-contracts');
  const shown = kinds.filter((kind) => enabled[kind]);
  return (
    <Tabs defaultValue="income" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="income">{t('page.income')}</Tabs.Tab>
        {shown.map((kind) => (
          <Tabs.Tab key={kind} value={kind}>
            {t(`page.${kind}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="income" pt="md">
        <IncomePage />
      </Tabs.Panel>
      {shown.map((kind) => (
        <Tabs.Panel key={kind} value={kind} pt="md">
          <ContractPage kind={kind} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
