import { AMOUNT_MAX } from '@app/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { useCan } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { formatAmount } from '../../lib/format';
import {
  type AdminPaymentMethod,
  methodPages,
  useUpdatePaymentMethod,
} from './api/payment-method-calls';
import { usePaymentsTexts } from './texts';

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

function methodColumns(
  t: TFunction,
  canEdit: boolean,
  onEdit: (method: AdminPaymentMethod) => void,
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
    { key: 'kind', header: t('list.kind'), cell: (method) => t(`kinds.${method.kind}`) },
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
          <Button
            size="xs"
            variant="light"
            onClick={() => onEdit(method)}
            data-testid="method-edit"
          >
            {t('common.edit')}
          </Button>
        ),
    },
  ];
}

export default function PaymentMethodsPage() {
  const { t } = usePaymentsTexts();
  const can = useCan();
  const [editing, setEditing] = useState<AdminPaymentMethod | null>(null);
  return (
    <Stack>
      <Title order={2}>{t('title')}</Title>
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      <DataTable
        columns={methodColumns(t, can('payments:edit'), setEditing)}
        rowKey={(method) => method.code}
        rowProps={(method) => ({ 'data-testid': 'method-row', 'data-code': method.code })}
        queryKey={methodPages.queryKey}
        fetchPage={methodPages.fetchPage}
        emptyText={t('list.empty')}
        minWidth={760}
      />
      {editing && <EditMethodModal method={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
