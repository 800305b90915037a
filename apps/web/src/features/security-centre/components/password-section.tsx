import { errorText } from '@app/web-shared/error-text';
import {
  Alert,
  Button,
  Divider,
  Group,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { securityKey, sendPaymentPasswordCode, setPaymentPassword } from '../api/security-api';
import { CodeSender } from './code-sender';

type Proof = 'password' | 'sms';

/** The payment password, proven by the login password or an SMS code to the bound number. */
function PaymentPasswordForm({ isSet, mobileBound }: { isSet: boolean; mobileBound: boolean }) {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const [proof, setProof] = useState<Proof>('password');
  const [loginPassword, setLoginPassword] = useState('');
  const [code, setCode] = useState('');
  const [paymentPassword, setPaymentPasswordValue] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      setPaymentPassword({
        ...(proof === 'password' ? { loginPassword } : { verificationCode: code }),
        paymentPassword,
        confirmPaymentPassword: confirm,
      }),
    onMutate: () => setError(null),
    onSuccess: () => {
      setDone(true);
      setLoginPassword('');
      setCode('');
      setPaymentPasswordValue('');
      setConfirm('');
      void queryClient.invalidateQueries({ queryKey: securityKey });
    },
    onError: (failure) => setError(errorText(t, failure)),
  });
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600}>{t('payment_password')}</Text>
        <Text size="sm" c="dimmed" data-testid="payment-password-state">
          {isSet ? t('payment_password_set') : t('payment_password_not_set')}
        </Text>
      </Group>
      {mobileBound && (
        <SegmentedControl
          value={proof}
          onChange={(value) => setProof(value as Proof)}
          data={[
            { value: 'password', label: t('with_login_password') },
            { value: 'sms', label: t('with_sms_code') },
          ]}
        />
      )}
      {proof === 'password' ? (
        <PasswordInput
          label={t('login_password')}
          autoComplete="current-password"
          value={loginPassword}
          onChange={(event) => setLoginPassword(event.currentTarget.value)}
        />
      ) : (
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t('sms_code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          <CodeSender send={sendPaymentPasswordCode} onError={setError} />
        </Group>
      )}
      <PasswordInput
        label={isSet ? t('new_payment_password') : t('payment_password')}
        autoComplete="new-password"
        value={paymentPassword}
        onChange={(event) => setPaymentPasswordValue(event.currentTarget.value)}
      />
      <PasswordInput
        label={t('confirm_payment_password')}
        autoComplete="new-password"
        value={confirm}
        onChange={(event) => setConfirm(event.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!paymentPassword}>
          {t('save_payment_password')}
        </Button>
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      {done && !error && <Alert color="teal">{t('payment_password_saved')}</Alert>}
    </Stack>
  );
}

export function PasswordSection({
  paymentPasswordSet,
  mobileBound,
  onChangePassword,
}: {
  paymentPasswordSet: boolean;
  mobileBound: boolean;
  onChangePassword: () => void;
}) {
  const { t } = useTranslation('security');
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text fw={600}>{t('login_password')}</Text>
        <Button variant="default" onClick={onChangePassword}>
          {t('change_password')}
        </Button>
      </Group>
      <Divider />
      <PaymentPasswordForm isSet={paymentPasswordSet} mobileBound={mobileBound} />
    </Stack>
  );
}
