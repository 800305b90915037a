import { formatAmount, type Withdrawal } from '@app/contract/client';
import { Alert, Button, Divider, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalOrInline } from '../../../components/modal-or-inline';
import { WithdrawForm } from './withdraw-form';
import { WithdrawalList } from './withdrawal-list';

/**
 * Withdraw (SPEC withdraw): the form, then the member's recent withdrawals and their answers.
 * `inline` renders the content alone, for the member centre's withdraw page.
 */
export default function WithdrawModal({
  opened,
  onClose,
  onRequested,
  inline,
}: {
  opened: boolean;
  onClose: () => void;
  onRequested: () => void;
  inline?: boolean;
}) {
  const { t } = useTranslation('payments');
  const [requested, setRequested] = useState<Withdrawal | null>(null);
  const close = () => {
    setRequested(null);
    onClose();
  };
  return (
    <ModalOrInline inline={inline} opened={opened} onClose={close} title={t('withdraw_title')}>
      <Stack gap="md">
        {requested ? (
          <Stack>
            <Alert color="teal" variant="light" role="status">
              {t('withdrawal_requested', {
                amount: `${formatAmount(requested.amount)} ${requested.currency}`,
              })}
            </Alert>
            <Button onClick={close}>{t('done')}</Button>
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
    </ModalOrInline>
  );
}
