import { formatPatternMessage, type RegisterFieldRule } from '@app/contract/client';
import { isApiError } from '@app/web-shared/api-error';
import { errorText } from '@app/web-shared/error-text';
import { Alert, Button, Modal, Stack, Tabs, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordConfirmFields } from '../../../components/forms/password-confirm-fields';
import PhoneCodeFields from '../../../components/forms/phone-code-fields';
import { useSmsTexts } from '../../../lib/sms-texts';
import { MODAL_WIDTH } from '../../../lib/theme';
import { resetPasswordByPhone } from '../api/forgot-password-api';
import { useEstablishSession } from '../hooks/use-session';
import { ForgotByEmailForm } from './forgot-by-email-form';

interface ResetValues {
  mobileNum: string;
  code: string;
  newPassword: string;
  confirmNewPassword: string;
}

interface ResetByPhoneProps {
  dialingCode: string;
  /** After the new password is set: logged in, info loaded (SPEC §4: close, go home). */
  onLoggedIn: () => void;
}

export interface ForgotPasswordModalProps {
  opened: boolean;
  onClose: () => void;
  /** The mobile tab's dialling code; without one (phone verification off) no mobile tab. */
  dialingCode?: string | undefined;
  /** After the new password is set: logged in, info loaded (SPEC §4: close, go home). */
  onLoggedIn: () => void;
  /** The merchant's e-mail rule, checked by the e-mail tab. */
  emailRule?: RegisterFieldRule | undefined;
  /** Opens customer service, for accounts with no e-mail (issue 22 item 3). */
  onContactService?: (() => void) | undefined;
}

/**
 * Forgot password (SPEC §2): the e-mail tab, and the mobile tab when phone verification is on.
 * A sent e-mail closes the tabs and shows the confirmation (SPEC §4), the same text whether or
 * not the username and e-mail matched an account.
 */
export default function ForgotPasswordModal({
  opened,
  onClose,
  dialingCode,
  onLoggedIn,
  emailRule,
  onContactService,
}: ForgotPasswordModalProps) {
  useSmsTexts();
  const { t } = useTranslation('sms');
  const [emailSent, setEmailSent] = useState(false);
  const close = () => {
    setEmailSent(false);
    onClose();
  };
  return (
    <>
      <Modal
        opened={opened && emailSent}
        onClose={close}
        title={t('email_sent_title')}
        size="sm"
        centered
      >
        <Stack gap="md">
          <Alert color="green" variant="light" role="status">
            {t('email_sent')}
          </Alert>
          {/* Tells the truth without saying whether the account exists (issue 22 item 3). */}
          <Text size="sm" c="dimmed">
            {t('email_sent_no_email')}
          </Text>
          {onContactService && (
            <Button variant="default" onClick={onContactService} fullWidth>
              {t('contact_customer_service')}
            </Button>
          )}
          <Button onClick={close} fullWidth>
            {t('email_sent_ok')}
          </Button>
        </Stack>
      </Modal>
      <Modal
        opened={opened && !emailSent}
        onClose={close}
        title={t('forgot_title')}
        size={MODAL_WIDTH}
        centered
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        {opened && !emailSent && (
          <Tabs defaultValue="email">
            <Tabs.List mb="lg">
              <Tabs.Tab value="email">{t('tab_email')}</Tabs.Tab>
              {dialingCode && <Tabs.Tab value="mobile">{t('tab_mobile')}</Tabs.Tab>}
            </Tabs.List>
            <Tabs.Panel value="email">
              <ForgotByEmailForm emailRule={emailRule} onSent={() => setEmailSent(true)} />
            </Tabs.Panel>
            {dialingCode && (
              <Tabs.Panel value="mobile">
                <ResetByPhoneForm dialingCode={dialingCode} onLoggedIn={onLoggedIn} />
              </Tabs.Panel>
            )}
          </Tabs>
        )}
      </Modal>
    </>
  );
}

function ResetByPhoneForm({ dialingCode, onLoggedIn }: ResetByPhoneProps) {
  const { t } = useTranslation(['sms', 'validation', 'errors']);
  const establish = useEstablishSession();
  const form = useForm<ResetValues>({
    defaultValues: { mobileNum: '', code: '', newPassword: '', confirmNewPassword: '' },
  });

  const reset = useMutation({
    mutationFn: async (values: ResetValues) => {
      const session = await resetPasswordByPhone({
        countryDialingCode: dialingCode,
        mobileNum: values.mobileNum.trim(),
        verificationCode: values.code.trim(),
        newPassword: values.newPassword,
        confirmNewPassword: values.confirmNewPassword,
      });
      await establish(session.token);
      return session;
    },
    onSuccess: () => onLoggedIn(),
  });
  const resetError = reset.error;
  // A rule failure of the new password is shown as the rule's message.
  const patternText =
    isApiError(resetError) && resetError.errorCode === 'REG_FIELD_INVALID'
      ? formatPatternMessage(
          t(`validation:reg_pattern_${resetError.details?.patternId ?? 0}`),
          resetError.details?.minLength ?? 0,
          resetError.details?.maxLength ?? 0,
        )
      : null;

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => reset.mutate(values))}>
      <Stack gap="md">
        <PhoneCodeFields
          form={form}
          mobileField="mobileNum"
          codeField="code"
          sendCall="smsNoLogin"
          dialingCode={dialingCode}
        />
        <PasswordConfirmFields
          form={form}
          passwordField="newPassword"
          confirmField="confirmNewPassword"
          passwordLabel={t('new_password')}
          passwordPlaceholder={t('new_password_placeholder')}
          confirmLabel={t('confirm_new_password')}
        />
        {reset.isError && (
          <Alert color="red" variant="light" role="alert">
            {patternText ?? errorText(t, resetError)}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={reset.isPending}>
          {t('reset_submit')}
        </Button>
      </Stack>
    </form>
  );
}
