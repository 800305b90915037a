import { AMOUNT_MAX } from '@app/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { useCan } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { formatAmount } from '../../lib/format';
import {
  type AdminPaymentMethod,
  type AdminWithdrawalLimits,
  methodPages,
  useUpdatePaymentMethod,
  useWithdrawalLimits,
} from './api/payment-method-calls';
import { usePaymentsTexts } from './texts';
import { WithdrawalBanksSection } from './withdrawal-banks-section';

const BankDetailsModal = lazy(() => import('./bank-details-modal'));
const WithdrawalLimitsModal = lazy(() => import('./withdrawal-limits-modal'));

/** An amount typed by the operator: major units, at most two decimals, within the bounds. */
function parsedAmount(text: string): number | null {
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim())) return null;
  const amount = Number(text);
  return amount > 0 && amount <= AMOUNT_MAX ? amount : null;
}

function EditMethodModal({ method, onClose }: { method: AdminPaymentMethod; onClose: () => void }) {
  const { t } = usePaymentsTexts();
  const update = useUpdatePaymentMethod(onClose);
  const [enabled, setEnabled] = useState(method.enabled);
  const [minText, setMinText] = useState(String(method.minAmount));
  const [maxText, setMaxText] = useState(String(method.maxAmount));
  const minAmount = parsedAmount(minText);
  const maxAmount = parsedAmount(maxText);
  const ordered = minAmount !== null && maxAmount !== null && minAmount <= maxAmount;
  return (
    <Modal opened onClose={onClose} title={t('edit.title', { name: method.name })}>
      <Stack>
        <Switch
          label={method.kind === 'sandbox' ? t('edit.sandboxEnabled') : t('edit.enabled')}
          checked={enabled}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
          data-testid="method-enabled"
        />
        <TextInput
          label={t('edit.minAmount', { currency: method.currency })}
          inputMode="decimal"
          value={minText}
          onChange={(event) => setMinText(event.currentTarget.value)}
          error={
            minAmount === null
              ? t('edit.amountInvalid', { max: formatAmount(AMOUNT_MAX) })
              : undefined
          }
          data-testid="method-min"
        />
        <TextInput
          label={t('edit.maxAmount', { currency: method.currency })}
          inputMode="decimal"
          value={maxText}
          onChange={(event) => setMaxText(event.currentTarget.value)}
          error={
            maxAmount === null
              ? t('edit.amountInvalid', { max: formatAmount(AMOUNT_MAX) })
              : minAmount !== null && !ordered
                ? t('edit.minAboveMax')
                : undefined
          }
          data-testid="method-max"
        />
        {update.error && <Alert color="red">{errorText(t, update.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={!ordered}
            loading={update.isPending}
            onClick={() =>
              minAmount !== null &&
              maxAmount !== null &&
              update.mutate({ code: method.code, enabled, minAmount, maxAmount })
            }
            data-testid="method-save"
          >
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A limit with the currency, or "No limit" when it is not set. */
function LimitFigure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

function WithdrawalLimitsSection({ canEdit }: { canEdit: boolean }) {
  const { t } = usePaymentsTexts();
  const limits = useWithdrawalLimits();
  const [editing, setEditing] = useState<AdminWithdrawalLimits | null>(null);
  const data = limits.data;
  const amount = (value: number | null) =>
    value === null ? t('withdrawals.noLimit') : `${formatAmount(value)} ${data?.currency ?? ''}`;
  return (
    <Paper withBorder p="md" data-testid="withdrawal-limits">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t('withdrawals.title')}</Title>
        {canEdit && data && (
          <Button
            size="xs"
            variant="light"
            onClick={() => setEditing(data)}
            data-testid="limits-edit"
          >
            {t('common.edit')}
          </Button>
        )}
      </Group>
      {limits.error && <Alert color="red">{errorText(t, limits.error)}</Alert>}
      {data && (
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <LimitFigure
            label={t('withdrawals.minAmount', { currency: data.currency })}
            value={amount(data.minAmount)}
            testId="limit-min-value"
          />
          <LimitFigure
            label={t('withdrawals.maxAmount', { currency: data.currency })}
            value={amount(data.maxAmount)}
            testId="limit-max-value"
          />
          <LimitFigure
            label={t('withdrawals.dailyCountMax')}
            value={
              data.dailyCountMax === null ? t('withdrawals.noLimit') : String(data.dailyCountMax)
            }
            testId="limit-count-value"
          />
          <LimitFigure
            label={t('withdrawals.dailyAmountMax', { currency: data.currency })}
            value={amount(data.dailyAmountMax)}
            testId="limit-daily-value"
          />
        </SimpleGrid>
      )}
      {editing && (
        <Suspense fallback={null}>
          <WithdrawalLimitsModal limits={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Paper>
  );
}

function methodColumns(
  t: TFunction,
  canEdit: boolean,
  onEdit: (method: AdminPaymentMethod) => void,
  onBank: (method: AdminPaymentMethod) => void,
): DataTableColumn<AdminPaymentMethod>[] {
  return [
    {
      key: 'method',
      header: t('list.method'),
      cell: (method) => (
        <>
          <Text size="sm">{method.name}</Text>
          <Text size="xs" c="dimmed">
            {method.code}
          </Text>
        </>
      ),
    },
    {
      key: 'kind',
      header: t('list.kind'),
      cell: (method) => (
        <>
          <Text size="sm">{t(`kinds.${method.kind}`)}</Text>
          {method.bankDetails && (
            <Text size="xs" c="dimmed" data-testid="method-bank">
              {method.bankDetails.bankName} · {method.bankDetails.accountNumber}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'min',
      header: t('list.minAmount'),
      amount: { value: (method) => method.minAmount, currency: (method) => method.currency },
    },
    {
      key: 'max',
      header: t('list.maxAmount'),
      amount: { value: (method) => method.maxAmount, currency: (method) => method.currency },
    },
    {
      key: 'state',
      header: t('list.state'),
      cell: (method) => (
        <Badge variant="light" color={method.enabled ? 'green' : 'gray'} data-testid="method-state">
          {method.enabled ? t('common.on') : t('common.off')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: '',
      cell: (method) =>
        canEdit && (
          <Group gap="xs" wrap="nowrap" justify="flex-end">
            {method.kind === 'manual_bank' && (
              <Button
                size="xs"
                variant="default"
                onClick={() => onBank(method)}
                data-testid="method-bank-edit"
              >
                {t('bank.open')}
              </Button>
            )}
            <Button
              size="xs"
              variant="light"
              onClick={() => onEdit(method)}
              data-testid="method-edit"
            >
              {t('common.edit')}
            </Button>
          </Group>
        ),
    },
  ];
}

export default function PaymentMethodsPage() {
  const { t } = usePaymentsTexts();
  const can = useCan();
  const [editing, setEditing] = useState<AdminPaymentMethod | null>(null);
  const [banking, setBanking] = useState<AdminPaymentMethod | null>(null);
  return (
    <Stack>
      <Title order={2}>{t('title')}</Title>
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      <DataTable
        columns={methodColumns(t, can('payments:edit'), setEditing, setBanking)}
        rowKey={(method) => method.code}
        rowProps={(method) => ({ 'data-testid': 'method-row', 'data-code': method.code })}
        queryKey={methodPages.queryKey}
        fetchPage={methodPages.fetchPage}
        emptyText={t('list.empty')}
        minWidth={760}
      />
      {editing && <EditMethodModal method={editing} onClose={() => setEditing(null)} />}
      {banking && (
        <Suspense fallback={null}>
          <BankDetailsModal method={banking} onClose={() => setBanking(null)} />
        </Suspense>
      )}
      <WithdrawalLimitsSection canEdit={can('payments:edit')} />
      <WithdrawalBanksSection canEdit={can('payments:edit')} />
    </Stack>
  );
}
