import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { requiredLabelProps } from '../../../components/required-label';
import { SwitchPrompt } from '../../../components/switch-prompt';
import { callApi } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useEstablishSession } from '../hooks/use-session';

interface LoginValues {
  username: string;
  password: string;
}

export interface LoginFormProps {
  onLoggedIn: () => void;
  /** Shown as a link to the register form when registration is open. */
  onSwitchToRegister?: () => void;
}

const REQUIRED = 'validation:required';

export function LoginForm({ onLoggedIn, onSwitchToRegister }: LoginFormProps) {
  const { t } = useTranslation(['session', 'validation', 'errors']);
  const establish = useEstablishSession();
  const form = useForm<LoginValues>({ defaultValues: { username: '', password: '' } });
  const { errors } = form.formState;

  const login = useMutation({
    mutationFn: async ({ username, password }: LoginValues) => {
      const session = await callApi('login', {
        body: { username: username.trim(), password, type: 'username' },
      });
      await establish(session.token);
    },
    onSuccess: onLoggedIn,
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
