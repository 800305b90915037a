import { adminAdjustBalanceCall, adminLockMemberCall } from '@app/contract';
import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { formatAmount } from '../../lib/format';
import { type MemberProfile, useAdjust, useResetPassword, useSetLocked } from './api/member-calls';

type Dialog = 'lock' | 'reset' | 'adjust' | null;

function LockModal({ member, onClose }: { member: MemberProfile; onClose: () => void }) {
  const { t } = useTranslation();
  const setLocked = useSetLocked(member.id);
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  const locking = member.status === 'active';
  const submit = () => {
    const body = { memberId: member.id, locked: locking, reason };
    if (adminLockMemberCall.body?.safeParse(body).success !== true) {
      setInvalid(true);
      return;
    }
    setLocked.mutate({ locked: locking, reason: reason.trim() }, { onSuccess: onClose });
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(locking ? 'members.lock.title' : 'members.unlock.title')}
    >
      <Stack>
        <Text size="sm">
          {t(locking ? 'members.lock.explain' : 'members.unlock.explain', {
            account: member.account,
          })}
        </Text>
        <Textarea
          label={t('members.lock.reason')}
          value={reason}
          error={invalid ? t('form.required') : undefined}
          onChange={(event) => setReason(event.currentTarget.value)}
          data-testid="member-lock-reason"
        />
        {setLocked.error && <Alert color="red">{errorText(t, setLocked.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('members.cancel')}
          </Button>
          <Button
            color={locking ? 'red' : undefined}
            loading={setLocked.isPending}
            onClick={submit}
            data-testid="member-lock-confirm"
          >
            {t(locking ? 'members.lock.action' : 'members.unlock.action')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ResetModal({ member, onClose }: { member: MemberProfile; onClose: () => void }) {
  const { t } = useTranslation();
  const reset = useResetPassword(member.id);
  const [channel, setChannel] = useState<'email' | 'sms'>('email');
  return (
    <Modal opened onClose={onClose} title={t('members.reset.title')}>
      <Stack>
        {reset.data ? (
          <Alert color="teal" data-testid="member-reset-done">
            {t('members.reset.sent', { to: reset.data.sentTo })}
          </Alert>
        ) : (
          <>
            <SegmentedControl
              value={channel}
              onChange={(value) => setChannel(value === 'sms' ? 'sms' : 'email')}
              data={[
                { value: 'email', label: t('members.reset.byEmail') },
                {
                  value: 'sms',
                  label: t('members.reset.bySms'),
                  disabled: !member.mobileVerified,
                },
              ]}
              data-testid="member-reset-channel"
            />
            <Text size="sm">
              {t(channel === 'sms' ? 'members.reset.explainSms' : 'members.reset.explain', {
                account: member.account,
              })}
            </Text>
            {!member.mobileVerified && (
              <Text size="xs" c="dimmed">
                {t('members.reset.noVerifiedMobile')}
              </Text>
            )}
          </>
        )}
        {reset.error && <Alert color="red">{errorText(t, reset.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t(reset.data ? 'members.close' : 'members.cancel')}
          </Button>
          {!reset.data && (
            <Button
              loading={reset.isPending}
              onClick={() => reset.mutate(channel)}
              data-testid="member-reset-confirm"
            >
              {t('members.reset.action')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

function AdjustModal({ member, onClose }: { member: MemberProfile; onClose: () => void }) {
  const { t } = useTranslation();
  const adjust = useAdjust();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<'amount' | 'reason' | null>(null);
  // One key per dialog: a retry after an error or a lost answer is the same adjustment.
  const key = useRef(crypto.randomUUID());
  const submit = () => {
    const body = { account: member.account, amount: Number(amount.trim()), reason };
    const parsed = adminAdjustBalanceCall.body?.safeParse(body);
    if (amount.trim() === '' || !parsed?.success) {
      const field = parsed?.error?.issues[0]?.path[0] ?? 'amount';
      setInvalid(field === 'reason' ? 'reason' : 'amount');
      return;
    }
    setInvalid(null);
    adjust.mutate({
      account: member.account,
      amount: body.amount,
      reason: reason.trim(),
      idempotencyKey: key.current,
    });
  };
  const result = adjust.data;
  return (
    <Modal opened onClose={onClose} title={t('members.adjust.title')}>
      <Stack>
        {result ? (
          <Alert
            color={result.status === 'pending' ? 'yellow' : 'teal'}
            data-testid="member-adjust-result"
          >
            {result.status === 'pending'
              ? t('members.adjust.pending', {
                  amount: formatAmount(result.amount),
                  currency: result.currency,
                })
              : t('members.adjust.done', {
                  after: formatAmount(result.balanceAfter),
                  currency: result.currency,
                })}
          </Alert>
        ) : (
          <>
            <TextInput
              label={t('members.adjust.amount')}
              description={t('members.adjust.amountHint')}
              inputMode="decimal"
              value={amount}
              error={invalid === 'amount' ? t('form.invalid') : undefined}
              onChange={(event) => setAmount(event.currentTarget.value)}
              data-testid="member-adjust-amount"
            />
            <Textarea
              label={t('members.adjust.reason')}
              value={reason}
              error={invalid === 'reason' ? t('form.required') : undefined}
              onChange={(event) => setReason(event.currentTarget.value)}
              data-testid="member-adjust-reason"
            />
          </>
        )}
        {adjust.error && <Alert color="red">{errorText(t, adjust.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t(result ? 'members.close' : 'members.cancel')}
          </Button>
          {!result && (
            <Button loading={adjust.isPending} onClick={submit} data-testid="member-adjust-confirm">
              {t('members.adjust.action')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/** The actions on a member the operator's role holds; the others are not shown. */
export function MemberActions({ member }: { member: MemberProfile }) {
  const { t } = useTranslation();
  const can = useCan();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  return (
    <Group gap="xs">
      {can('members:lock') && (
        <Button
          variant="light"
          color={member.status === 'active' ? 'red' : 'teal'}
          onClick={() => setDialog('lock')}
          data-testid="member-lock"
        >
          {t(member.status === 'active' ? 'members.lock.action' : 'members.unlock.action')}
        </Button>
      )}
      {can('members:reset-password') && (
        <Button variant="default" onClick={() => setDialog('reset')} data-testid="member-reset">
          {t('members.reset.action')}
        </Button>
      )}
      {can('members:adjust') && (
        <Button variant="default" onClick={() => setDialog('adjust')} data-testid="member-adjust">
          {t('members.adjust.title')}
        </Button>
      )}
      {dialog === 'lock' && <LockModal member={member} onClose={close} />}
      {dialog === 'reset' && <ResetModal member={member} onClose={close} />}
      {dialog === 'adjust' && <AdjustModal member={member} onClose={close} />}
    </Group>
  );
}
