import type {
  AgentContract,
  AgentContractKind,
  AgentContractTerms,
  CommissionTerms,
  SalaryTerms,
} from '@app/contract/client';
import { formatAmount } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH } from '../../../lib/theme';
import { useContractAction, useContracts, useSettlements } from '../api/contracts';
import { OfferDialog } from './offer-dialog';

type Answer = 'Accept' | 'Reject' | 'Terminate';

/** One contract page (dividend, daily, hourly or real-time salary): contracts and settlements. */
export function ContractPage({ kind }: { kind: AgentContractKind }) {
  const { t } = useTranslation(['agent-contracts', 'errors']);
  const contracts = useContracts(kind);
  const [offering, setOffering] = useState(false);
  const [answering, setAnswering] = useState<{ contract: AgentContract; action: Answer } | null>(
    null,
  );
  if (contracts.isPending) return <Loader size="sm" />;
  if (contracts.error) return <Alert color="red">{errorText(t, contracts.error)}</Alert>;
  const own = contracts.data.pages[0]?.own ?? [];
  const downline = contracts.data.pages.flatMap((page) => page.downline);
  const ask = (contract: AgentContract, action: Answer) => setAnswering({ contract, action });
  return (
    <Stack gap="md" data-testid={`contract-page-${kind}`}>
      <Title order={5}>{t('my_contract')}</Title>
      {own.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('no_contract')}
        </Text>
      ) : (
        <ContractTable contracts={own} onAnswer={ask} />
      )}
      <Group justify="space-between">
        <Title order={5}>{t('downline_contracts')}</Title>
        <Button size="xs" onClick={() => setOffering(true)} data-testid="offer-contract">
          {t('offer')}
        </Button>
      </Group>
      {downline.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('no_downline_contracts')}
        </Text>
      ) : (
        <ContractTable contracts={downline} onAnswer={ask} />
      )}
      {contracts.hasNextPage && (
        <MoreButton pending={contracts.isFetchingNextPage} onMore={contracts.fetchNextPage} />
      )}
      <Title order={5}>{t('settlements')}</Title>
      <SettlementTable kind={kind} />
      {offering && (
        <OfferDialog
          kind={kind}
          categories={categoriesOf(own)}
          onClose={() => setOffering(false)}
        />
      )}
      {answering && <AnswerDialog kind={kind} {...answering} onClose={() => setAnswering(null)} />}
    </Stack>
  );
}

/**
 * The game categories with rates of their own in the caller's active contract: an offer may give
 * its downline those categories' rates (at most the caller's), the others follow the tier's rate.
 */
function categoriesOf(own: AgentContract[]): string[] {
  const active = own.find((contract) => contract.status === 'Active');
  if (!active || !isCommission(active.terms)) return [];
  return [...new Set(active.terms.tiers.flatMap((tier) => Object.keys(tier.categoryRates ?? {})))];
}

/** The actions open to the caller on a contract, as the server allows them. */
function actionsFor(contract: AgentContract): Answer[] {
  if (contract.status === 'Offered') {
    return contract.role === 'downline' ? ['Accept', 'Reject'] : ['Terminate'];
  }
  if (contract.status !== 'Active') return [];
  if (contract.terminationRequestedBy === 'counterparty') return ['Accept', 'Reject'];
  return contract.terminationRequestedBy === null ? ['Terminate'] : [];
}

/** Commission tiers start at a valid bet (a salary's at a bet amount, a dividend's have a period). */
const isCommission = (terms: AgentContractTerms): terms is CommissionTerms =>
  !('period' in terms) && 'tiers' in terms && terms.tiers.every((tier) => 'validBet' in tier);

function termsText(t: TFunction, contract: AgentContract) {
  const terms = contract.terms;
  if ('profitRate' in terms) {
    return t('terms.realtime', {
      profitRate: terms.profitRate,
      lossRate: terms.lossRate,
      singleBet: formatAmount(terms.singleBet),
    });
  }
  if (isCommission(terms)) {
    return terms.tiers
      .map((tier) => {
        const base = t('terms.commission_tier', {
          validBet: formatAmount(tier.validBet),
          rate: tier.rate,
        });
        const categories = Object.entries(tier.categoryRates ?? {})
          .map(([category, rate]) => `${t(`layout:category_${category}`)} ${rate}%`)
          .join(', ');
        return categories ? `${base} (${categories})` : base;
      })
      .join('; ');
  }
  if ('period' in terms) {
    const tiers = terms.tiers
      .map((tier) =>
        t('terms.dividend_tier', {
          validBet: formatAmount(tier.validBet),
          profitLoss: formatAmount(tier.profitLoss),
          activeMembers: tier.activeMembers,
          rate: tier.rate,
        }),
      )
      .join('; ');
    return `${t(`period.${terms.period}`)}: ${tiers}`;
  }
  return (terms as SalaryTerms).tiers
    .map((tier) =>
      t('terms.salary_tier', { betAmount: formatAmount(tier.betAmount), rate: tier.rate }),
    )
    .join('; ');
}

function ContractTable({
  contracts,
  onAnswer,
}: {
  contracts: AgentContract[];
  onAnswer: (contract: AgentContract, action: Answer) => void;
}) {
  const { t } = useTranslation('agent-contracts');
  return (
    <Table striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('party')}</Table.Th>
          <Table.Th>{t('terms.title')}</Table.Th>
          <Table.Th>{t('status.title')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {contracts.map((contract) => (
          <Table.Tr key={contract.contractId} data-testid={`contract-${contract.contractId}`}>
            <Table.Td>
              {contract.role === 'downline' ? (contract.upline ?? t('house')) : contract.downline}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{termsText(t, contract)}</Text>
            </Table.Td>
            <Table.Td>
              <Group gap={4}>
                <Badge variant="light">{t(`status.${contract.status}`)}</Badge>
                {contract.terminationRequestedBy && (
                  <Badge color="orange" variant="light">
                    {t(`termination.${contract.terminationRequestedBy}`)}
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                {actionsFor(contract).map((action) => (
                  <Button
                    key={action}
                    size="compact-xs"
                    variant={action === 'Accept' ? 'filled' : 'light'}
                    color={action === 'Accept' ? undefined : 'red'}
                    onClick={() => onAnswer(contract, action)}
                  >
                    {t(`action.${action}`)}
                  </Button>
                ))}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function AnswerDialog({
  kind,
  contract,
  action,
  onClose,
}: {
  kind: AgentContractKind;
  contract: AgentContract;
  action: Answer;
  onClose: () => void;
}) {
  const { t } = useTranslation(['agent-contracts', 'errors']);
  const mutation = useContractAction(kind);
  const question =
    contract.terminationRequestedBy === 'counterparty'
      ? `confirm.termination_${action}`
      : `confirm.${action}`;
  return (
    <Modal opened onClose={onClose} title={t(`action.${action}`)} size={DIALOG_WIDTH} centered>
      <Stack>
        <Text>{t(question)}</Text>
        {mutation.error && <Alert color="red">{errorText(t, mutation.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            loading={mutation.isPending}
            data-testid="confirm-action"
            onClick={() =>
              mutation.mutate({ action, contractId: contract.contractId }, { onSuccess: onClose })
            }
          >
            {t(`action.${action}`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function SettlementTable({ kind }: { kind: AgentContractKind }) {
  const { t } = useTranslation(['agent-contracts', 'errors']);
  const settlements = useSettlements(kind);
  if (settlements.isPending) return <Loader size="sm" />;
  if (settlements.error) return <Alert color="red">{errorText(t, settlements.error)}</Alert>;
  const rows = settlements.data.pages.flatMap((page) => page.items);
  if (rows.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('no_settlements')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Table striped withTableBorder data-testid={`settlements-${kind}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('settlement.period')}</Table.Th>
            <Table.Th>{t('settlement.direction')}</Table.Th>
            <Table.Th>{t('settlement.valid_bet')}</Table.Th>
            <Table.Th>{t('settlement.rate')}</Table.Th>
            <Table.Th>{t('settlement.amount')}</Table.Th>
            <Table.Th>{t('status.title')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.settlementId}>
              <Table.Td>{row.periodStart.slice(0, 16).replace('T', ' ')}</Table.Td>
              <Table.Td>
                {t(`settlement.${row.direction}`)} {row.counterparty ?? t('house')}
              </Table.Td>
              <Table.Td>{formatAmount(row.validBet)}</Table.Td>
              <Table.Td>{row.rate}%</Table.Td>
              <Table.Td>{formatAmount(row.amount)}</Table.Td>
              <Table.Td>{t(`settlement_status.${row.status}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {settlements.hasNextPage && (
        <MoreButton pending={settlements.isFetchingNextPage} onMore={settlements.fetchNextPage} />
      )}
    </Stack>
  );
}

/** Asks for the page after the last one shown (keyset paging). */
function MoreButton({ pending, onMore }: { pending: boolean; onMore: () => unknown }) {
  const { t } = useTranslation('agent-contracts');
  return (
    <Button variant="subtle" size="xs" loading={pending} onClick={() => onMore()}>
      {t('more')}
    </Button>
  );
}
