import {
  adminApproveWithdrawalCall,
  adminRejectWithdrawalCall,
  PROOF_IMAGE_MAX_BYTES,
} from '@app/contract';
import { Alert, Button, FileInput, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { callAdmin } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { formatAmount } from '../../lib/format';
import { bodySchemaOf, zodResolver } from '../../lib/zod-resolver';
import type { AdminWithdrawal } from './admin-withdrawal';
import { fileToBase64, PROOF_IMAGE_TYPES } from './proof-image';

const BYTES_PER_MB = 1024 * 1024;

function Summary({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  return (
    <Text>
      {withdrawal.memberAccount} · {formatAmount(withdrawal.amount)} {withdrawal.currency}
    </Text>
  );
}

/** Approve with the proof of payment: the held amount is paid out on the server. */
export function ApproveModal({
  withdrawal,
  onClose,
  onDone,
}: {
  withdrawal: AdminWithdrawal;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  // One key per opened dialog: a retried click replays the first answer, never pays twice.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const tooLarge = file !== null && file.size > PROOF_IMAGE_MAX_BYTES;
  const approve = useMutation({
    mutationFn: async (proof: File) =>
      callAdmin(adminApproveWithdrawalCall, {
        body: {
          withdrawalId: withdrawal.withdrawalId,
          proofImageBase64: await fileToBase64(proof),
        },
        idempotencyKey,
      }),
    onSuccess: onDone,
  });
  return (
    <Modal opened onClose={onClose} title={t('withdrawals.approveTitle')}>
      <Stack>
        <Summary withdrawal={withdrawal} />
        <FileInput
          label={t('withdrawals.proof')}
          description={t('withdrawals.proofHint', { mb: PROOF_IMAGE_MAX_BYTES / BYTES_PER_MB })}
          accept={PROOF_IMAGE_TYPES.join(',')}
          value={file}
          onChange={setFile}
          error={tooLarge ? t('withdrawals.proofTooLarge') : undefined}
          clearable
          data-testid="approve-proof"
        />
        {approve.error && <Alert color="red">{errorText(t, approve.error)}</Alert>}
        <Button
          disabled={file === null || tooLarge}
          loading={approve.isPending}
          onClick={() => file && approve.mutate(file)}
          data-testid="approve-confirm"
        >
          {t('withdrawals.approve')}
        </Button>
      </Stack>
    </Modal>
  );
}

const reasonSchema = bodySchemaOf(adminRejectWithdrawalCall).pick({ reason: true });

/** Reject with a reason the player sees: the hold goes back to the player. */
export function RejectModal({
  withdrawal,
  onClose,
  onDone,
}: {
  withdrawal: AdminWithdrawal;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<{ reason: string }>({
    defaultValues: { reason: '' },
    resolver: zodResolver(reasonSchema),
  });
  const reject = useMutation({
    mutationFn: (reason: string) =>
      callAdmin(adminRejectWithdrawalCall, {
        body: { withdrawalId: withdrawal.withdrawalId, reason },
      }),
    onSuccess: onDone,
  });
  const reasonError = form.formState.errors.reason?.message;
  return (
    <Modal opened onClose={onClose} title={t('withdrawals.rejectTitle')}>
      <form onSubmit={form.handleSubmit(({ reason }) => reject.mutate(reason))} noValidate>
        <Stack>
          <Summary withdrawal={withdrawal} />
          <Textarea
            label={t('withdrawals.reason')}
            autosize
            minRows={3}
            error={reasonError && t(reasonError)}
            data-testid="reject-reason"
            {...form.register('reason')}
          />
          {reject.error && <Alert color="red">{errorText(t, reject.error)}</Alert>}
          <Button type="submit" color="red" loading={reject.isPending} data-testid="reject-confirm">
            {t('withdrawals.reject')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
