import { errorText } from '@app/web-shared/error-text';
import { Alert, Button, Modal, PasswordInput, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A dialog that asks for the payment password before a points step (redeem, convert). The
 * browser never fills the payment password in: it is not the login password it may have saved.
 */
export function PaymentPasswordDialog(props: {
  opened: boolean;
  title: string;
  submitLabel: string;
  onClose: () => void;
  onSubmit: (paymentPassword: string) => void;
  pending: boolean;
  error: unknown;
  /** Set once the step succeeded: shown instead of the form. */
  done?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation('points');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const close = () => {
    setPassword('');
    setTouched(false);
    props.onClose();
  };
  return (
    <Modal opened={props.opened} onClose={close} title={props.title} centered size={400}>
      {props.done ? (
        <Stack>
          {props.done}
          <Button onClick={close}>{t('close')}</Button>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setTouched(true);
            if (password !== '') props.onSubmit(password);
          }}
        >
          <Stack>
            {props.children}
            <PasswordInput
              label={t('payment_password')}
              autoComplete="off"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={touched && password === '' ? t('payment_password_required') : undefined}
              data-testid="points-payment-password"
            />
            {props.error !== null && props.error !== undefined && (
              <Alert color="red" variant="light" role="alert">
                {errorText(t, props.error)}
              </Alert>
            )}
            <Button type="submit" loading={props.pending}>
              {props.submitLabel}
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
