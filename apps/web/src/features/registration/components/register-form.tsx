import type { RegisterFieldName, RegisterSettings } from '@app/contract/client';
import { isApiError } from '@app/web-shared/api-error';
import { errorText } from '@app/web-shared/error-text';
import { Alert, Button, Skeleton, Stack, Tabs, TextInput } from '@mantine/core';
import { Suspense, useCallback, useId, useMemo, useRef, useState } from 'react';
import { type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordConfirmFields } from '../../../components/forms/password-confirm-fields';
import { useAdoptEarlyInput } from '../../../components/forms/use-adopt-early-input';
import { requiredLabelProps } from '../../../components/required-label';
import { SwitchPrompt } from '../../../components/switch-prompt';
import { useSliderChallenge } from '../../../components/use-slider-challenge';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';
import { useSmsTexts } from '../../../lib/sms-texts';
import { useMobileRegistration, useUsernameSmsVerification } from '../api/use-mobile-registration';
import { useRegisterSettings } from '../api/use-register-settings';
import {
  fieldMessageText,
  ruleHelpProps,
  serverFieldMessage,
  validateRegisterField,
} from '../hooks/field-messages';
import { useInvitation } from '../hooks/use-invitation';
import { type RegisterValues, useRegister } from '../hooks/use-register';
import { type ExtraRegisterField, emptyExtraValues } from './register-extra-fields';
import { RegisterFormEnd } from './register-form-end';

// Loaded only for merchants that enable the registration captcha.
const CaptchaField = lazyWithRetry(() => import('../../../components/captcha-field'));
// Loaded only when the mobile registration tab is chosen.
const MobileRegisterForm = lazyWithRetry(() => import('./mobile-register-form'));
// Loaded only for merchants whose username registration asks for an SMS code.
const PhoneCodeFields = lazyWithRetry(() =>
  import('../../../components/forms/phone-code-fields').then((module) => ({
    default: module.default<RegisterValues>,
  })),
);

export interface RegisterFormProps {
  /** Page mode has a reset button; modal mode a link back to login (SPEC §2). */
  mode: 'page' | 'modal';
  /** Starts the session from the token of the new account. */
  onSession: (token: string) => Promise<unknown>;
  onRegistered: () => void;
  onSwitchToLogin?: () => void;
}

const defaultValues: RegisterValues = {
  ...emptyExtraValues,
  username: '',
  password: '',
  confirmPassword: '',
  termsAccepted: true,
  captcha: '',
  verificationCode: '',
  referralCode: '',
};

/** Failures the server answers before it looks at (and spends) the captcha. */
const fieldChecksBeforeCaptcha: ReadonlySet<string> = new Set([
  'VALIDATION_FAILED',
  'REG_FIELD_INVALID',
  'PASSWORD_CONFIRM_MISMATCH',
  'TERMS_NOT_ACCEPTED',
  'AFFILIATE_CODE_INVALID',
  'PHONE_NUMBER_INVALID',
]);

const formFields: ReadonlySet<string> = new Set(Object.keys(defaultValues));
const AFFILIATE_INVALID_MESSAGE = 'errors:AFFILIATE_CODE_INVALID';

function applyServerError(error: unknown, setError: UseFormSetError<RegisterValues>): boolean {
  if (!isApiError(error) || !error.details?.field) return false;
  const field = error.details.field;
  if (!formFields.has(field)) return false;
  setError(
    field as keyof RegisterValues,
    { type: 'server', message: serverFieldMessage(error.errorCode, error.details) },
    { shouldFocus: true },
  );
  return true;
}

/**
 * The tabs stay on one row, scrolling sideways if they must: wrapped onto a second row in the
 * fallback font and back onto one in the web font, they moved the whole form when the font
 * arrived (a layout shift of 0.07 on /register on a phone).
 */
const ONE_ROW_OF_TABS = {
  list: { flexWrap: 'nowrap', overflowX: 'auto' },
  tab: { flexShrink: 0 },
} as const;

export function RegisterForm(props: RegisterFormProps) {
  const { t } = useTranslation('registration');
  const panelLabelId = useId();
  const settings = useRegisterSettings();
  const mobile = useMobileRegistration();
  return (
    <Tabs defaultValue="username" keepMounted={false} styles={ONE_ROW_OF_TABS}>
      {/* keepMounted off: only the chosen tab's form is in the page, so its labels are unique. */}
      <Tabs.List mb="lg">
        <Tabs.Tab value="username">{t('tab_username')}</Tabs.Tab>
        {/* Only when the merchant offers mobile registration (SPEC §2). */}
        {mobile && (
          <Suspense fallback={null}>
            <MobileTabLabel />
          </Suspense>
        )}
      </Tabs.List>
      {/* Named by the form's purpose rather than by its tab, so that "Username" names only the
          username field. */}
      <span id={panelLabelId} hidden>
        {t('create_account')}
      </span>
      <Tabs.Panel value="username" aria-labelledby={panelLabelId}>
        {settings.data ? (
          <UsernameRegisterForm {...props} settings={settings.data} />
        ) : settings.isError ? (
          <Stack gap="sm">
            <Alert color="red" variant="light" role="alert">
              {errorText(t, settings.error)}
            </Alert>
            <Button variant="default" onClick={() => void settings.refetch()}>
              {t('common:retry')}
            </Button>
          </Stack>
        ) : (
          <Stack gap="md" role="status" aria-busy="true" aria-label={t('loading_rules')}>
            <Skeleton height={56} />
            <Skeleton height={56} />
            <Skeleton height={56} />
            <Skeleton height={40} />
          </Stack>
        )}
      </Tabs.Panel>
      {mobile && settings.data && (
        <Tabs.Panel value="mobile" aria-labelledby={panelLabelId}>
          <Suspense fallback={null}>
            <Stack gap="md">
              <MobileRegisterForm
                mode={props.mode}
                settings={settings.data}
                dialingCode={mobile.dialingCode}
                onSession={props.onSession}
                onRegistered={props.onRegistered}
              />
              {props.onSwitchToLogin && (
                <SwitchPrompt
                  question={t('have_account')}
                  action={t('login_now')}
                  onClick={props.onSwitchToLogin}
                />
              )}
            </Stack>
          </Suspense>
        </Tabs.Panel>
      )}
    </Tabs>
  );
}

/** The mobile tab; its label comes with the SMS texts. */
function MobileTabLabel() {
  useSmsTexts();
  const { t } = useTranslation('sms');
  return <Tabs.Tab value="mobile">{t('register_tab_mobile')}</Tabs.Tab>;
}

function UsernameRegisterForm({
  mode,
  settings,
  onSession,
  onRegistered,
  onSwitchToLogin,
}: RegisterFormProps & { settings: RegisterSettings }) {
  const { t } = useTranslation(['registration', 'validation', 'errors', 'common']);
  const invitation = useInvitation(settings);
  const smsDialingCode = useUsernameSmsVerification();
  // The invitation of the page URL fills the form in once.
  const [initialValues] = useState<RegisterValues>(() => ({
    ...defaultValues,
    ...invitation.defaults,
  }));
  const form = useForm<RegisterValues>({ defaultValues: initialValues, mode: 'onTouched' });
  const formRef = useRef<HTMLFormElement>(null);
  useAdoptEarlyInput(formRef, form);
  const { errors } = form.formState;
  const register = useRegister(settings, smsDialingCode);
  const slider = useSliderChallenge();
  const hiddenExtras = useMemo(() => {
    const hidden = new Set<ExtraRegisterField>();
    if (invitation.affiliateHidden) hidden.add('affiliateCode');
    // Shown with its SMS code instead, and required.
    if (smsDialingCode) hidden.add('mobileNum');
    return hidden;
  }, [invitation.affiliateHidden, smsDialingCode]);

  const ruleCheck = (field: RegisterFieldName) => (value: string) =>
    validateRegisterField(field, settings[field], value);

  // A failure that names no field of this form is shown above the buttons.
  const [formError, setFormError] = useState<unknown>(null);
  const captchaEnabled = settings.captcha.enabled;
  const captchaId = useRef<string | undefined>(undefined);
  const [captchaReload, setCaptchaReload] = useState(0);
  const onCaptchaId = useCallback((id: string) => {
    captchaId.current = id;
  }, []);

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      // SPEC §4: an entered affiliate code is checked before the registration is sent.
      if (!(await invitation.checkBeforeRegister(values.affiliateCode))) {
        form.setError('affiliateCode', { type: 'server', message: AFFILIATE_INVALID_MESSAGE });
        return;
      }
      // Then the slider puzzle, when the merchant uses it.
      const challenge = await slider.requestChallenge();
      if (!challenge) return;
      const result = await register.mutateAsync({
        ...values,
        ...challenge,
        captchaId: captchaEnabled ? captchaId.current : undefined,
      });
      if (result.session) await onSession(result.session.token);
      form.reset(initialValues);
      onRegistered();
    } catch (error) {
      if (isApiError(error) && error.errorCode === 'AFFILIATE_CODE_INVALID') invitation.reveal();
      // The server checks the captcha once the fields pass, and spends it: any later failure
      // needs a new image.
      if (captchaEnabled && !(isApiError(error) && fieldChecksBeforeCaptcha.has(error.errorCode))) {
        form.setValue('captcha', '');
        setCaptchaReload((key) => key + 1);
      }
      if (!applyServerError(error, form.setError)) setFormError(error);
    }
  });

  return (
    <form ref={formRef} noValidate onSubmit={submit}>
      {slider.challengeModal}
      <Stack gap="md">
        <TextInput
          label={t('username')}
          labelProps={requiredLabelProps}
          placeholder={t('username_placeholder')}
          autoComplete="username"
          maxLength={settings.username.maxLength}
          error={fieldMessageText(t, errors.username?.message)}
          {...ruleHelpProps(t, settings.username, errors.username?.message)}
          {...form.register('username', { validate: ruleCheck('username') })}
        />
        <PasswordConfirmFields
          form={form}
          passwordField="password"
          confirmField="confirmPassword"
          passwordLabel={t('password')}
          passwordPlaceholder={t('password_placeholder')}
          confirmLabel={t('confirm_password')}
          confirmPlaceholder={t('confirm_password_placeholder')}
          toggleLabel={t('toggle_password_visibility')}
          passwordMaxLength={settings.password.maxLength}
          passwordHelp={ruleHelpProps(t, settings.password, undefined).description}
          validatePassword={ruleCheck('password')}
          messageText={(message) => fieldMessageText(t, message)}
          recheckConfirm
        />
        {smsDialingCode && (
          <Suspense fallback={null}>
            <PhoneCodeFields
              form={form}
              mobileField="mobileNum"
              codeField="verificationCode"
              sendCall="smsRegister"
              dialingCode={smsDialingCode}
              mobileMaxLength={settings.mobileNum.maxLength}
              validateMobile={ruleCheck('mobileNum')}
              messageText={(message) => fieldMessageText(t, message)}
            />
          </Suspense>
        )}
        <RegisterFormEnd
          form={form}
          settings={settings}
          hidden={hiddenExtras}
          mode={mode}
          showReferral={invitation.defaults.referralCode !== ''}
          formError={formError}
          submitting={form.formState.isSubmitting}
          onReset={() => {
            setFormError(null);
            form.reset(initialValues);
          }}
          beforeTerms={
            captchaEnabled && (
              <Suspense fallback={null}>
                <CaptchaField
                  inputProps={form.register('captcha', {
                    validate: (value) => ruleCheck('captcha')(value ?? ''),
                  })}
                  error={fieldMessageText(t, errors.captcha?.message)}
                  onCaptchaId={onCaptchaId}
                  reloadKey={captchaReload}
                />
              </Suspense>
            )
          }
        />
        {onSwitchToLogin && (
          <SwitchPrompt
            question={t('have_account')}
            action={t('login_now')}
            onClick={onSwitchToLogin}
          />
        )}
      </Stack>
    </form>
  );
}
