import { formatAmount, type Withdrawal } from '@app/contract/client';
import { Alert, Button, Divider, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WithdrawForm } from './withdraw-form';
import { WithdrawalList } from './withdrawal-list';

const MODAL_WIDTH = 600;

/** Withdraw (SPEC withdraw): the form, then the member's recent withdrawals and their answers. */
export default function WithdrawModal({
  opened,
  onClose,
  onRequested,
}: {
  opened: boolean;
  onClose: () => void;
  onRequested: () => void;
}) {
  const { t } = useTranslation('payments');
  const [requested, setRequested] = useState<Withdrawal | null>(null);
  return (
    <Modal
      opened={opened}
      onClose={() => {
        setRequested(null);
        onClose();
      }}
      size={MODAL_WIDTH}
      title={t('withdraw_title')}
      centered
    >
      <Stack gap="md">
        {requested ? (
          <Stack>
            <Alert color="teal" variant="light" role="status">
              {t('withdrawal_requested', {
                amount: `${formatAmount(requested.amount)} ${requested.currency}`,
              })}
            </Alert>
            <Button
              onClick={() => {
                setRequested(null);
                onClose();
              }}
            >
              {t('done')}
            </Button>
          </Stack>
        ) : (
          opened && (
            <WithdrawForm
              onRequested={(withdrawal) => {
                setRequested(withdrawal);
                onRequested();
              }}
            />
          )
        )}
        <Divider />
        <WithdrawalList enabled={opened} />
      </Stack>
    </Modal>
  );
}
