import { isApiError } from '@app/web-shared/api-error';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  PasswordInput,
  Stack,
  Tabs,
  TextInput,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Suspense, useCallback, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { requiredLabelProps } from '../../../components/required-label';
import { SwitchPrompt } from '../../../components/switch-prompt';
import { type ChallengeFields, useSliderChallenge } from '../../../components/use-slider-challenge';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';
import { useSmsTexts } from '../../../lib/sms-texts';
import { submitLogin } from '../api/login-api';
import { readRememberedUser, writeRememberedUser } from '../hooks/remembered-user';
import { useEstablishSession } from '../hooks/use-session';
import { LoginErrorText } from './login-error-text';
import { RememberedLogin } from './remembered-login';

// Loaded only when a captcha is asked for.
const CaptchaField = lazyWithRetry(() => import('../../../components/captcha-field'));
// Loaded only when the SMS tab is chosen.
const SmsLoginForm = lazyWithRetry(() => import('./sms-login-form'));

interface LoginValues {
  username: string;
  password: string;
  captcha: string;
  rememberMe: boolean;
}

export interface LoginFormProps {
  /** `passwordExpired`: the change-password form must come before anything else (SPEC §4). */
  onLoggedIn: (result: { passwordExpired: boolean }) => void;
  /** The merchant asks for a captcha on every login (whiteLabel.captchaOnLogin). */
  captchaAlways?: boolean;
  /** Shown as a link to the register form when registration is open. */
  onSwitchToRegister?: () => void;
  /** SMS login is on (whiteLabel.mobileCodeLogin): the username/SMS switcher shows. */
  smsLogin?: { dialingCode: string } | undefined;
  /** Shown as a "Forgot password?" link under the form. */
  onForgotPassword?: (() => void) | undefined;
}

/** The username form, and the SMS form beside it when SMS login is on (SPEC §2). */
export function LoginForm(props: LoginFormProps) {
  const { smsLogin } = props;
  if (!smsLogin) return <UsernameLoginForm {...props} />;
  return <LoginTabs {...props} smsLogin={smsLogin} />;
}

function LoginTabs(props: LoginFormProps & { smsLogin: { dialingCode: string } }) {
  useSmsTexts();
  const { t } = useTranslation(['sms', 'session']);
  const { smsLogin, onLoggedIn, onSwitchToRegister } = props;
  const panelLabelId = useId();
  return (
    <Tabs defaultValue="username" keepMounted={false}>
      {/* Panels are named by the form's purpose, so that "Username" names only the field. */}
      <span id={panelLabelId} hidden>
        {t('session:login')}
      </span>
      <Tabs.List mb="lg" grow>
        <Tabs.Tab value="username">{t('tab_username_login')}</Tabs.Tab>
        <Tabs.Tab value="sms">{t('tab_sms_login')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="username" aria-labelledby={panelLabelId}>
        <UsernameLoginForm {...props} />
      </Tabs.Panel>
      <Tabs.Panel value="sms" aria-labelledby={panelLabelId}>
        <Suspense fallback={null}>
          <Stack gap="md">
            <SmsLoginForm
              dialingCode={smsLogin.dialingCode}
              // An SMS login never forces a password change (SPEC §4).
              onLoggedIn={() => onLoggedIn({ passwordExpired: false })}
            />
            {onSwitchToRegister && (
              <SwitchPrompt
                question={t('session:no_account')}
                action={t('session:register_now')}
                onClick={onSwitchToRegister}
              />
            )}
          </Stack>
        </Suspense>
      </Tabs.Panel>
    </Tabs>
  );
}

const REQUIRED = 'validation:required';

function UsernameLoginForm({
  onLoggedIn,
  onSwitchToRegister,
  captchaAlways,
  onForgotPassword,
}: LoginFormProps) {
  const { t } = useTranslation(['session', 'validation', 'errors', 'access']);
  const establish = useEstablishSession();
  // Remember me (SPEC §3/§4): the last username fills the form; within 24 hours, one click.
  const [remembered] = useState(readRememberedUser);
  const [oneClick, setOneClick] = useState(remembered?.oneClick ?? false);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const form = useForm<LoginValues>({
    defaultValues: {
      username: remembered?.username ?? '',
      password: '',
      captcha: '',
      rememberMe: remembered?.oneClick ?? false,
    },
  });
  const { errors } = form.formState;
  // Shown when the merchant always asks, or once a failed login says it is required.
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const showCaptcha = captchaAlways === true || captchaAsked;
  const captchaId = useRef<string | undefined>(undefined);
  const [captchaReload, setCaptchaReload] = useState(0);
  const onCaptchaId = useCallback((id: string) => {
    captchaId.current = id;
  }, []);

  const slider = useSliderChallenge();
  const login = useMutation({
    mutationFn: async ({
      username,
      password,
      captcha,
      rememberMe,
      ...challenge
    }: LoginValues & ChallengeFields) => {
      const session = await submitLogin({
        username: username.trim(),
        password,
        type: 'username',
        rememberMe,
        ...challenge,
        ...(showCaptcha ? { captcha: captcha.trim(), captchaId: captchaId.current } : {}),
      });
      await establish(session.token, session.firstTimeLogin);
      writeRememberedUser(username.trim(), rememberMe);
      return session;
    },
    onSuccess: (session) => onLoggedIn({ passwordExpired: session.passwordExpired }),
    onError: (error) => {
      if (isApiError(error) && error.details?.captchaRequired) setCaptchaAsked(true);
      // Any attempt spends the captcha: show a new one.
      if (showCaptcha) {
        form.setValue('captcha', '');
        setCaptchaReload((key) => key + 1);
      }
    },
  });

  if (oneClick && remembered) {
    return (
      <RememberedLogin
        username={remembered.username}
        onLoggedIn={onLoggedIn}
        onDismissed={(forgotUsername, reason) => {
          if (forgotUsername) form.setValue('username', '');
          form.setValue('rememberMe', false);
          setNotice(reason);
          setOneClick(false);
        }}
      />
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(async (values) => {
        // The slider puzzle first, when the merchant uses it (a token per try).
        const challenge = await slider.requestChallenge();
        if (challenge) login.mutate({ ...values, ...challenge });
      })}
    >
      {slider.challengeModal}
      <Stack gap="md">
        <TextInput
          label={t('username')}
          labelProps={requiredLabelProps}
          placeholder={t('username_placeholder')}
          autoComplete="username"
          error={errors.username?.message && t(errors.username.message)}
          {...form.register('username', {
            validate: (value) => value.trim() !== '' || REQUIRED,
          })}
        />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('toggle_password_visibility') }}
          label={t('password')}
          labelProps={requiredLabelProps}
          placeholder={t('password_placeholder')}
          autoComplete="current-password"
          error={errors.password?.message && t(errors.password.message)}
          {...form.register('password', { validate: (value) => value !== '' || REQUIRED })}
        />
        {showCaptcha && (
          <Suspense fallback={null}>
            <CaptchaField
              inputProps={form.register('captcha', {
                validate: (value) => value.trim() !== '' || REQUIRED,
              })}
              error={errors.captcha?.message && t(errors.captcha.message)}
              onCaptchaId={onCaptchaId}
              reloadKey={captchaReload}
            />
          </Suspense>
        )}
        <Checkbox label={t('access:remember_me')} {...form.register('rememberMe')} />
        {login.isError ? (
          <Alert color="red" variant="light" role="alert">
            <LoginErrorText error={login.error} />
          </Alert>
        ) : (
          notice && (
            <Alert color="yellow" variant="light" role="status">
              {notice}
            </Alert>
          )
        )}
        <Button type="submit" size="md" fullWidth loading={login.isPending}>
          {t('login')}
        </Button>
        {onForgotPassword && (
          <Suspense fallback={null}>
            <ForgotPasswordLink onClick={onForgotPassword} />
          </Suspense>
        )}
        {onSwitchToRegister && (
          <SwitchPrompt
            question={t('no_account')}
            action={t('register_now')}
            onClick={onSwitchToRegister}
          />
        )}
      </Stack>
    </form>
  );
}

/** "Forgot password?" under the form; its text comes with the SMS texts. */
function ForgotPasswordLink({ onClick }: { onClick: () => void }) {
  useSmsTexts();
  const { t } = useTranslation('sms');
  return (
    <Anchor component="button" type="button" size="sm" ta="center" onClick={onClick}>
      {t('forgot_password')}
    </Anchor>
  );
}
