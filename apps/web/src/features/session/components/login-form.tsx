import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { requiredLabelProps } from '../../../components/required-label';
import { SwitchPrompt } from '../../../components/switch-prompt';
import { callApi } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { useEstablishSession } from '../hooks/use-session';

// Loaded only when a captcha is asked for.
const CaptchaField = lazy(() => import('../../../components/captcha-field'));

interface LoginValues {
  username: string;
  password: string;
  captcha: string;
}

export interface LoginFormProps {
  /** `passwordExpired`: the change-password form must come before anything else (SPEC §4). */
  onLoggedIn: (result: { passwordExpired: boolean }) => void;
  /** The merchant asks for a captcha on every login (whiteLabel.captchaOnLogin). */
  captchaAlways?: boolean;
  /** Shown as a link to the register form when registration is open. */
  onSwitchToRegister?: () => void;
}

const REQUIRED = 'validation:required';

export function LoginForm({ onLoggedIn, onSwitchToRegister, captchaAlways }: LoginFormProps) {
  const { t } = useTranslation(['session', 'validation', 'errors']);
  const establish = useEstablishSession();
  const form = useForm<LoginValues>({ defaultValues: { username: '', password: '', captcha: '' } });
  const { errors } = form.formState;
  // Shown when the merchant always asks, or once a failed login says it is required.
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const showCaptcha = captchaAlways === true || captchaAsked;
  const captchaId = useRef<string | undefined>(undefined);
  const [captchaReload, setCaptchaReload] = useState(0);
  const onCaptchaId = useCallback((id: string) => {
    captchaId.current = id;
  }, []);

  const login = useMutation({
    mutationFn: async ({ username, password, captcha }: LoginValues) => {
      const session = await callApi('login', {
        body: {
          username: username.trim(),
          password,
          type: 'username',
          ...(showCaptcha ? { captcha: captcha.trim(), captchaId: captchaId.current } : {}),
        },
      });
      await establish(session.token);
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

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))}>
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
        {login.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorText(t, login.error)}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={login.isPending}>
          {t('login')}
        </Button>
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
