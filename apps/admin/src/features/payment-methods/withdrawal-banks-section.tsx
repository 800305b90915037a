import { withdrawalBankNameSchema } from '@app/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { errorText } from '../../lib/error-text';
import {
  type AdminWithdrawalBank,
  useSaveWithdrawalBank,
  withdrawalBankPages,
} from './api/payment-method-calls';
import { usePaymentsTexts } from './texts';

/** What the edit dialog works on: an existing bank, or a new one (no id). */
type BankDraft = { id?: string; name: string; enabled: boolean };

function BankModal({ bank, onClose }: { bank: BankDraft; onClose: () => void }) {
  const { t } = usePaymentsTexts();
  const save = useSaveWithdrawalBank(onClose);
  const [name, setName] = useState(bank.name);
  const [enabled, setEnabled] = useState(bank.enabled);
  const valid = withdrawalBankNameSchema.safeParse(name).success;
  const isNew = bank.id === undefined;
  return (
    <Modal
      opened
      onClose={onClose}
      title={isNew ? t('banks.addTitle') : t('banks.editTitle', { name: bank.name })}
    >
      <Stack>
        <TextInput
          label={t('banks.name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={name !== '' && !valid ? t('banks.nameInvalid') : undefined}
          data-testid="bank-name"
          data-autofocus
        />
        {!isNew && (
          <Switch
            label={t('banks.offered')}
            checked={enabled}
            onChange={(event) => setEnabled(event.currentTarget.checked)}
            data-testid="bank-enabled"
          />
        )}
        {save.error && <Alert color="red">{errorText(t, save.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={!valid}
            loading={save.isPending}
            onClick={() =>
              save.mutate({
                ...(bank.id === undefined ? {} : { id: bank.id }),
                name: name.trim(),
                enabled,
              })
            }
            data-testid="bank-save"
          >
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function bankColumns(
  t: TFunction,
  canEdit: boolean,
  onEdit: (bank: AdminWithdrawalBank) => void,
): DataTableColumn<AdminWithdrawalBank>[] {
  return [
    { key: 'name', header: t('banks.name'), cell: (bank) => <Text size="sm">{bank.name}</Text> },
    {
      key: 'state',
      header: t('banks.state'),
      cell: (bank) => (
        <Badge variant="light" color={bank.enabled ? 'green' : 'gray'} data-testid="bank-state">
          {bank.enabled ? t('banks.enabled') : t('banks.disabled')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: '',
      cell: (bank) =>
        canEdit && (
          <Group justify="flex-end">
            <Button size="xs" variant="light" onClick={() => onEdit(bank)} data-testid="bank-edit">
              {t('common.edit')}
            </Button>
          </Group>
        ),
    },
  ];
}

/** The merchant's withdrawal bank list on the payment methods page. */
export function WithdrawalBanksSection({ canEdit }: { canEdit: boolean }) {
  const { t } = usePaymentsTexts();
  const [editing, setEditing] = useState<BankDraft | null>(null);
  return (
    <Paper withBorder p="md" data-testid="withdrawal-banks">
      <Group justify="space-between" mb="xs">
        <Title order={4}>{t('banks.title')}</Title>
        {canEdit && (
          <Button
            size="xs"
            variant="light"
            onClick={() => setEditing({ name: '', enabled: true })}
            data-testid="bank-add"
          >
            {t('banks.add')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('banks.hint')}
      </Text>
      <DataTable
        columns={bankColumns(t, canEdit, setEditing)}
        rowKey={(bank) => bank.id}
        rowProps={(bank) => ({ 'data-testid': 'bank-row', 'data-name': bank.name })}
        queryKey={withdrawalBankPages.queryKey}
        fetchPage={withdrawalBankPages.fetchPage}
        emptyText={t('banks.empty')}
      />
      {editing && <BankModal bank={editing} onClose={() => setEditing(null)} />}
    </Paper>
  );
}
