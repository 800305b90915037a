import type { RegisterSettings } from '@app/contract/client';
import { isApiError } from '@app/web-shared/api-error';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordConfirmFields } from '../../../components/forms/password-confirm-fields';
import PhoneCodeFields from '../../../components/forms/phone-code-fields';
import { type ChallengeFields, useSliderChallenge } from '../../../components/use-slider-challenge';
import { fullPhoneNumber } from '../../../lib/phone-number';
import { useSmsTexts } from '../../../lib/sms-texts';
import { DIALOG_WIDTH } from '../../../lib/theme';
import { registerMobile } from '../api/register-mobile';
import {
  fieldMessageText,
  ruleHelpProps,
  serverFieldMessage,
  validateRegisterField,
} from '../hooks/field-messages';
import { type SharedRegisterValues, sharedRegisterBody } from '../hooks/register-body';
import { useInvitation } from '../hooks/use-invitation';
import {
  type ExtraRegisterField,
  emptyExtraValues,
  extraRegisterFields,
} from './register-extra-fields';
import { RegisterFormEnd } from './register-form-end';

interface MobileRegisterValues extends SharedRegisterValues {
  code: string;
  password: string;
  confirmPassword: string;
  termsAccepted: boolean;
}

const defaultValues: MobileRegisterValues = {
  ...emptyExtraValues,
  referralCode: '',
  code: '',
  password: '',
  confirmPassword: '',
  termsAccepted: true,
};

/** Server fields and the form's names for them. */
const serverFields: Record<string, keyof MobileRegisterValues> = {
  ...Object.fromEntries(extraRegisterFields.map((field) => [field, field])),
  verificationCode: 'code',
  password: 'password',
  confirmPassword: 'confirmPassword',
  termsAccepted: 'termsAccepted',
};
/** The number is this form's own field, not one of the optional ones. */
const ownFields: ReadonlySet<string> = new Set(['mobileNum']);

export interface MobileRegisterFormProps {
  mode: 'page' | 'modal';
  settings: RegisterSettings;
  dialingCode: string;
  onSession: (token: string) => Promise<unknown>;
  onRegistered: () => void;
}

/**
 * Mobile registration (SPEC §2, §4): mobile number, SMS code (captcha before sending), password;
 * before it is sent, a notice shows the account number the registration makes.
 */
export default function MobileRegisterForm({
  mode,
  settings,
  dialingCode,
  onSession,
  onRegistered,
}: MobileRegisterFormProps) {
  useSmsTexts();
  const { t } = useTranslation(['sms', 'registration', 'validation', 'errors', 'common']);
  const invitation = useInvitation(settings);
  const [initialValues] = useState<MobileRegisterValues>(() => ({
    ...defaultValues,
    ...invitation.defaults,
  }));
  const form = useForm<MobileRegisterValues>({ defaultValues: initialValues, mode: 'onTouched' });
  const [formError, setFormError] = useState<unknown>(null);
  const [noticeFor, setNoticeFor] = useState<MobileRegisterValues | null>(null);
  const slider = useSliderChallenge();
  const hiddenExtras = useMemo(
    () =>
      new Set<ExtraRegisterField>(
        invitation.affiliateHidden ? ['mobileNum', 'affiliateCode'] : ['mobileNum'],
      ),
    [invitation.affiliateHidden],
  );
  const sendRegistration = useMutation({
    mutationFn: ({ challengeToken, ...values }: MobileRegisterValues & ChallengeFields) =>
      registerMobile({
        ...sharedRegisterBody(values, settings, ownFields),
        countryDialingCode: dialingCode,
        mobileNum: values.mobileNum.trim(),
        verificationCode: values.code.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        termsAccepted: true,
        login: true,
        ...(challengeToken ? { challengeToken } : {}),
      }),
  });

  const register = async (values: MobileRegisterValues) => {
    setNoticeFor(null);
    setFormError(null);
    // The slider puzzle first, when the merchant uses it.
    const challenge = await slider.requestChallenge();
    if (!challenge) return;
    try {
      const result = await sendRegistration.mutateAsync({ ...values, ...challenge });
      if (result.session) await onSession(result.session.token);
      form.reset(initialValues);
      onRegistered();
    } catch (error) {
      if (isApiError(error) && error.errorCode === 'AFFILIATE_CODE_INVALID') invitation.reveal();
      const field = isApiError(error) ? serverFields[error.details?.field ?? ''] : undefined;
      if (isApiError(error) && field && error.details) {
        form.setError(
          field,
          { type: 'server', message: serverFieldMessage(error.errorCode, error.details) },
          { shouldFocus: true },
        );
      } else {
        setFormError(error);
      }
    }
  };

  const account = noticeFor
    ? fullPhoneNumber({ countryDialingCode: dialingCode, mobileNum: noticeFor.mobileNum })
    : '';

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(async (values) => {
        setFormError(null);
        try {
          // SPEC §4: an entered affiliate code is checked before anything else is sent.
          if (!(await invitation.checkBeforeRegister(values.affiliateCode))) {
            form.setError('affiliateCode', {
              type: 'server',
              message: 'errors:AFFILIATE_CODE_INVALID',
            });
            return;
          }
        } catch (error) {
          setFormError(error);
          return;
        }
        setNoticeFor(values);
      })}
    >
      {slider.challengeModal}
      <Stack gap="md">
        <PhoneCodeFields
          form={form}
          mobileField="mobileNum"
          codeField="code"
          sendCall="smsRegister"
          dialingCode={dialingCode}
          mobileMaxLength={settings.mobileNum.maxLength}
          validateMobile={(value) => validateRegisterField('mobileNum', settings.mobileNum, value)}
          messageText={(message) => fieldMessageText(t, message)}
        />
        <PasswordConfirmFields
          form={form}
          passwordField="password"
          confirmField="confirmPassword"
          passwordLabel={t('registration:password')}
          passwordPlaceholder={t('registration:password_placeholder')}
          confirmLabel={t('registration:confirm_password')}
          confirmPlaceholder={t('registration:confirm_password_placeholder')}
          passwordMaxLength={settings.password.maxLength}
          passwordHelp={ruleHelpProps(t, settings.password, undefined).description}
          validatePassword={(value) => validateRegisterField('password', settings.password, value)}
          messageText={(message) => fieldMessageText(t, message)}
        />
        <RegisterFormEnd
          form={form}
          settings={settings}
          hidden={hiddenExtras}
          mode={mode}
          showReferral={invitation.defaults.referralCode !== ''}
          formError={formError}
          submitting={sendRegistration.isPending}
          onReset={() => {
            setFormError(null);
            form.reset(initialValues);
          }}
        />
      </Stack>
      <Modal
        opened={noticeFor !== null}
        onClose={() => setNoticeFor(null)}
        title={t('account_notice_title')}
        size={DIALOG_WIDTH}
        centered
      >
        <Stack gap="md">
          <Text>{t('account_notice_text', { account })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setNoticeFor(null)}>
              {t('account_notice_cancel')}
            </Button>
            <Button onClick={() => noticeFor && void register(noticeFor)}>
              {t('account_notice_confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}
