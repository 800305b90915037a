import { adminRejectDepositCall } from '@app/contract';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text';
import { formatAmount } from '../../lib/format';
import { bodySchemaOf, zodResolver } from '../../lib/zod-resolver';
import { type AdminDeposit, useApproveDeposit, useRejectDeposit } from './api/deposit-calls';

function Summary({ deposit }: { deposit: AdminDeposit }) {
  return (
    <Text data-testid="deposit-summary">
      {deposit.memberAccount} · {formatAmount(deposit.amount)} {deposit.currency}
      {deposit.payerReference && ` · ${deposit.payerReference}`}
    </Text>
  );
}

interface DecisionProps {
  deposit: AdminDeposit;
  onClose: () => void;
  onDone: () => void;
}

/** Approve after checking the bank statement: the server credits the member once. */
export function ApproveDepositModal({ deposit, onClose, onDone }: DecisionProps) {
  const { t } = useTranslation();
  const approve = useApproveDeposit(deposit, onDone);
  return (
    <Modal opened onClose={onClose} title={t('deposits.approveTitle')}>
      <Stack>
        <Summary deposit={deposit} />
        <Text size="sm" c="dimmed">
          {t('deposits.approveHint')}
        </Text>
        {approve.error && <Alert color="red">{errorText(t, approve.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('deposits.cancel')}
          </Button>
          <Button
            loading={approve.isPending}
            onClick={() => approve.mutate()}
            data-testid="deposit-approve-confirm"
          >
            {t('deposits.approve')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const reasonSchema = bodySchemaOf(adminRejectDepositCall).pick({ reason: true });

/** Reject with a reason the player sees: nothing is credited. */
export function RejectDepositModal({ deposit, onClose, onDone }: DecisionProps) {
  const { t } = useTranslation();
  const form = useForm<{ reason: string }>({
    defaultValues: { reason: '' },
    resolver: zodResolver(reasonSchema),
  });
  const reject = useRejectDeposit(deposit, onDone);
  const reasonError = form.formState.errors.reason?.message;
  return (
    <Modal opened onClose={onClose} title={t('deposits.rejectTitle')}>
      <form onSubmit={form.handleSubmit(({ reason }) => reject.mutate(reason))} noValidate>
        <Stack>
          <Summary deposit={deposit} />
          <Textarea
            label={t('deposits.reason')}
            rows={3}
            error={reasonError && t(reasonError)}
            data-testid="deposit-reject-reason"
            {...form.register('reason')}
          />
          {reject.error && <Alert color="red">{errorText(t, reject.error)}</Alert>}
          <Button
            type="submit"
            color="red"
            loading={reject.isPending}
            data-testid="deposit-reject-confirm"
          >
            {t('deposits.reject')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
