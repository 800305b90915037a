import {
  adminAgentSettlementStatuses,
  agentContractKinds,
  agentContractStatuses,
} from '@app/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { useCan } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { formatAmount, formatDateTime } from '../../lib/format';
import {
  type AdminAgent,
  type AdminAgentContract,
  type AdminAgentSettlement,
  type AgentAction,
  agentPages,
  type ContractFilters,
  contractPages,
  type SettlementFilters,
  settlementPages,
  useAgentAction,
} from './api/agent-calls';
import { TemplatesTab } from './templates-tab';
import type { TermsDialog } from './terms-modals';
import { useAgentsTexts } from './texts';

const TermsModal = lazy(() => import('./terms-modals'));

interface Pending {
  action: AgentAction;
  id: string;
}

/** Asks for the reason of a change (terminate, rerun, void) and sends it. */
function ReasonModal({ pending, onClose }: { pending: Pending; onClose: () => void }) {
  const { t } = useAgentsTexts();
  const mutation = useAgentAction(onClose);
  const [reason, setReason] = useState('');
  return (
    <Modal opened onClose={onClose} title={t(`actions.${pending.action}`)} centered>
      <Stack>
        <Text size="sm">{t(`confirm.${pending.action}`)}</Text>
        <Textarea
          label={t('reason')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={500}
          data-testid="agent-action-reason"
        />
        {mutation.error && <Alert color="red">{errorText(t, mutation.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            color={pending.action === 'rerun' ? undefined : 'red'}
            disabled={reason.trim() === ''}
            loading={mutation.isPending}
            data-testid="agent-action-confirm"
            onClick={() => mutation.mutate({ ...pending, reason: reason.trim() })}
          >
            {t(`actions.${pending.action}`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function agentColumns(
  t: TFunction,
  onOpen: ((dialog: TermsDialog) => void) | null,
): DataTableColumn<AdminAgent>[] {
  return [
    { key: 'account', header: t('agents.account'), cell: (agent) => agent.account },
    { key: 'upline', header: t('agents.upline'), cell: (agent) => agent.upline ?? '-' },
    { key: 'teamSize', header: t('agents.teamSize'), align: 'right', cell: (a) => a.teamSize },
    {
      key: 'createdAt',
      header: t('agents.createdAt'),
      cell: (agent) => formatDateTime(agent.createdAt),
    },
    {
      key: 'actions',
      header: '',
      // Only a top agent (no upline) holds a contract with the house.
      cell: (agent) =>
        onOpen && agent.upline === null ? (
          <Button
            size="compact-xs"
            variant="light"
            data-testid="agent-house-contract"
            onClick={() => onOpen({ type: 'house', account: agent.account })}
          >
            {t('house.button')}
          </Button>
        ) : null,
    },
  ];
}

function contractColumns(
  t: TFunction,
  onAct: ((pending: Pending) => void) | null,
  onOpen: (dialog: TermsDialog) => void,
): DataTableColumn<AdminAgentContract>[] {
  return [
    { key: 'id', header: '#', cell: (contract) => contract.contractId },
    { key: 'kind', header: t('contracts.kind'), cell: (contract) => t(`kinds.${contract.kind}`) },
    { key: 'downline', header: t('contracts.holder'), cell: (contract) => contract.downline },
    {
      key: 'upline',
      header: t('contracts.upline'),
      cell: (contract) => contract.upline ?? t('contracts.house'),
    },
    {
      key: 'status',
      header: t('contracts.status'),
      cell: (contract) => <Badge variant="light">{t(`statuses.${contract.status}`)}</Badge>,
    },
    {
      key: 'offeredAt',
      header: t('contracts.offeredAt'),
      cell: (contract) => formatDateTime(contract.offeredAt),
    },
    {
      key: 'actions',
      header: '',
      cell: (contract) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-xs"
            variant="subtle"
            data-testid="agent-contract-history"
            onClick={() => onOpen({ type: 'history', contract })}
          >
            {t('actions.history')}
          </Button>
          {onAct && contract.status === 'Active' && (
            <Button
              size="compact-xs"
              variant="light"
              data-testid="agent-contract-override"
              onClick={() => onOpen({ type: 'override', contract })}
            >
              {t('actions.override')}
            </Button>
          )}
          {onAct && (contract.status === 'Active' || contract.status === 'Offered') && (
            <Button
              size="compact-xs"
              color="red"
              variant="light"
              data-testid="agent-contract-terminate"
              onClick={() => onAct({ action: 'terminate', id: contract.contractId })}
            >
              {t('actions.terminate')}
            </Button>
          )}
        </Group>
      ),
    },
  ];
}

function settlementColumns(
  t: TFunction,
  onAct: ((pending: Pending) => void) | null,
): DataTableColumn<AdminAgentSettlement>[] {
  const buttons = (row: AdminAgentSettlement) => {
    const actions: AgentAction[] = [];
    if (row.status === 'failed' || row.status === 'voided') actions.push('rerun');
    if (row.status === 'failed' || row.status === 'nothing' || row.status === 'carried')
      actions.push('void');
    return actions;
  };
  return [
    { key: 'kind', header: t('contracts.kind'), cell: (row) => t(`kinds.${row.kind}`) },
    { key: 'account', header: t('contracts.holder'), cell: (row) => row.account },
    {
      key: 'upline',
      header: t('contracts.upline'),
      cell: (row) => row.upline ?? t('contracts.house'),
    },
    {
      key: 'period',
      header: t('settlements.period'),
      cell: (row) => `${formatDateTime(row.periodStart)} – ${formatDateTime(row.periodEnd)}`,
    },
    {
      key: 'validBet',
      header: t('settlements.validBet'),
      align: 'right',
      cell: (row) => formatAmount(row.validBet),
    },
    { key: 'rate', header: t('settlements.rate'), align: 'right', cell: (row) => `${row.rate}%` },
    {
      key: 'amount',
      header: t('settlements.amount'),
      align: 'right',
      cell: (row) => formatAmount(row.amount),
    },
    {
      key: 'status',
      header: t('contracts.status'),
      cell: (row) => (
        <Stack gap={0}>
          <Badge variant="light" color={row.status === 'failed' ? 'red' : undefined}>
            {t(`settlementStatuses.${row.status}`)}
          </Badge>
          {row.reason && (
            <Text size="xs" c="dimmed">
              {row.reason}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: '',
      cell: (row) =>
        onAct ? (
          <Group gap={4} wrap="nowrap">
            {buttons(row).map((action) => (
              <Button
                key={action}
                size="compact-xs"
                variant="light"
                color={action === 'void' ? 'red' : undefined}
                data-testid={`agent-settlement-${action}`}
                onClick={() => onAct({ action, id: row.settlementId })}
              >
                {t(`actions.${action}`)}
              </Button>
            ))}
          </Group>
        ) : null,
    },
  ];
}

const optionsOf = (t: TFunction, prefix: string, values: readonly string[]) => [
  { value: '', label: t('all') },
  ...values.map((value) => ({ value, label: t(`${prefix}.${value}`) })),
];

/** The agent programme (issue 18): agents, contracts, settlement periods and templates. */
export default function AgentsPage() {
  const { t } = useAgentsTexts();
  const can = useCan();
  const [pending, setPending] = useState<Pending | null>(null);
  const [contractFilters, setContractFilters] = useState<ContractFilters>({});
  const [settlementFilters, setSettlementFilters] = useState<SettlementFilters>({});
  const [dialog, setDialog] = useState<TermsDialog | null>(null);
  const onAct = can('agents:manage') ? setPending : null;
  const onManage = can('agents:manage') ? setDialog : null;
  const contracts = contractPages(contractFilters);
  const settlements = settlementPages(settlementFilters);
  return (
    <Stack>
      <Title order={2}>{t('title')}</Title>
      <Tabs defaultValue="agents" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="agents">{t('tabs.agents')}</Tabs.Tab>
          <Tabs.Tab value="contracts">{t('tabs.contracts')}</Tabs.Tab>
          <Tabs.Tab value="settlements">{t('tabs.settlements')}</Tabs.Tab>
          <Tabs.Tab value="templates">{t('tabs.templates')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="agents" pt="md">
          <DataTable
            columns={agentColumns(t, onManage)}
            rowKey={(agent) => agent.memberId}
            queryKey={agentPages.queryKey}
            fetchPage={agentPages.fetchPage}
            emptyText={t('agents.empty')}
            testId="agents-table"
          />
        </Tabs.Panel>
        <Tabs.Panel value="contracts" pt="md">
          <Stack>
            <Group align="flex-end">
              <NativeSelect
                label={t('contracts.kind')}
                data={optionsOf(t, 'kinds', agentContractKinds)}
                value={contractFilters.kind ?? ''}
                onChange={(event) =>
                  setContractFilters({
                    ...contractFilters,
                    kind: (event.currentTarget.value || undefined) as ContractFilters['kind'],
                  })
                }
              />
              <NativeSelect
                label={t('contracts.status')}
                data={optionsOf(t, 'statuses', agentContractStatuses)}
                value={contractFilters.status ?? ''}
                onChange={(event) =>
                  setContractFilters({
                    ...contractFilters,
                    status: (event.currentTarget.value || undefined) as ContractFilters['status'],
                  })
                }
              />
              <TextInput
                label={t('contracts.holder')}
                data-testid="agent-contracts-account"
                defaultValue={contractFilters.account ?? ''}
                onBlur={(event) =>
                  setContractFilters({
                    ...contractFilters,
                    account: event.currentTarget.value.trim() || undefined,
                  })
                }
              />
            </Group>
            <DataTable
              columns={contractColumns(t, onAct, setDialog)}
              rowKey={(contract) => contract.contractId}
              queryKey={contracts.queryKey}
              fetchPage={contracts.fetchPage}
              emptyText={t('contracts.empty')}
              minWidth={980}
              testId="agent-contracts-table"
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="settlements" pt="md">
          <Stack>
            <Group align="flex-end">
              <NativeSelect
                label={t('contracts.kind')}
                data={optionsOf(t, 'kinds', agentContractKinds)}
                value={settlementFilters.kind ?? ''}
                onChange={(event) =>
                  setSettlementFilters({
                    ...settlementFilters,
                    kind: (event.currentTarget.value || undefined) as SettlementFilters['kind'],
                  })
                }
              />
              <NativeSelect
                label={t('contracts.status')}
                data={optionsOf(t, 'settlementStatuses', adminAgentSettlementStatuses)}
                value={settlementFilters.status ?? ''}
                onChange={(event) =>
                  setSettlementFilters({
                    ...settlementFilters,
                    status: (event.currentTarget.value || undefined) as SettlementFilters['status'],
                  })
                }
              />
            </Group>
            <DataTable
              columns={settlementColumns(t, onAct)}
              rowKey={(row) => row.settlementId}
              queryKey={settlements.queryKey}
              fetchPage={settlements.fetchPage}
              emptyText={t('settlements.empty')}
              minWidth={980}
              testId="agent-settlements-table"
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="templates" pt="md">
          <TemplatesTab t={t} onOpen={onManage} />
        </Tabs.Panel>
      </Tabs>
      {pending && <ReasonModal pending={pending} onClose={() => setPending(null)} />}
      {dialog && (
        <Suspense fallback={null}>
          <TermsModal dialog={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
