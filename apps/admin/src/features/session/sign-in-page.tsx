import { adminLoginCall, type ConsoleSession } from '@app/contract';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Paper,
  PasswordInput,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { callAdmin } from '../../lib/api-client';
import {
  setSignOutNotice,
  useAdoptSession,
  useConsoleSession,
  useSignOutNotice,
} from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { bodySchemaOf, zodResolver } from '../../lib/zod-resolver';
import { type SecondFactor, SecondFactorForm } from './second-factor-form';

interface Credentials {
  username: string;
  password: string;
}

const credentialsSchema = bodySchemaOf(adminLoginCall).pick({ username: true, password: true });

function NoticeAlert() {
  const { t } = useTranslation();
  const notice = useSignOutNotice();
  if (notice === 'expired') {
    return (
      <Alert color="yellow" data-testid="session-expired">
        {t('signIn.expired')}
      </Alert>
    );
  }
  if (notice === 'signed-out') return <Alert color="teal">{t('signIn.signedOut')}</Alert>;
  return null;
}

function CredentialsForm({
  onSubmit,
  error,
}: {
  onSubmit: (credentials: Credentials) => Promise<void>;
  error: unknown;
}) {
  const { t } = useTranslation();
  const form = useForm<Credentials>({
    defaultValues: { username: '', password: '' },
    resolver: zodResolver(credentialsSchema),
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <Stack>
        <TextInput
          label={t('signIn.username')}
          autoComplete="username"
          error={errors.username?.message && t(errors.username.message)}
          data-testid="sign-in-username"
          {...form.register('username')}
        />
        <PasswordInput
          label={t('signIn.password')}
          autoComplete="current-password"
          error={errors.password?.message && t(errors.password.message)}
          data-testid="sign-in-password"
          {...form.register('password')}
        />
        {error !== null && (
          <Alert color="red" role="alert" data-testid="sign-in-error">
            {errorText(t, error)}
          </Alert>
        )}
        <Button type="submit" loading={isSubmitting} data-testid="sign-in-submit">
          {t('signIn.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * Sign-in in two steps: the password, then (when the server answers `totp-required`) the code of
 * the authenticator app or a recovery code. The password stays in this component's memory only
 * between the two steps, because the server issues nothing until both factors are right.
 */
export function SignIn() {
  const { t } = useTranslation();
  const adopt = useAdoptSession();
  const navigate = useNavigate();
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [error, setError] = useState<unknown>(null);

  const finish = (session: ConsoleSession) => {
    setSignOutNotice(null);
    adopt(session);
    navigate(session.operator.totpEnrolled ? '/' : '/enrol', { replace: true });
  };

  const submitCredentials = async (given: Credentials) => {
    setError(null);
    try {
      const answer = await callAdmin(adminLoginCall, { body: given });
      if (answer.status === 'signed-in') finish(answer.session);
      else setCredentials(given);
    } catch (failure) {
      setError(failure);
    }
  };

  const submitSecondFactor = async (factor: SecondFactor) => {
    if (!credentials) return;
    setError(null);
    try {
      const answer = await callAdmin(adminLoginCall, { body: { ...credentials, ...factor } });
      if (answer.status === 'signed-in') finish(answer.session);
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder p="xl" w="100%" maw={420}>
        <Stack>
          <Title order={2}>{t('signIn.title')}</Title>
          <NoticeAlert />
          {credentials === null ? (
            <CredentialsForm onSubmit={submitCredentials} error={error} />
          ) : (
            <SecondFactorForm onSubmit={submitSecondFactor} error={error} />
          )}
          {credentials !== null && (
            <Group justify="flex-end">
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => {
                  setCredentials(null);
                  setError(null);
                }}
              >
                {t('signIn.back')}
              </Anchor>
            </Group>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}

/** The route: an operator already signed in goes on to the console. */
export default function SignInPage() {
  const { data: session, isPending } = useConsoleSession();
  if (!isPending && session)
    return <Navigate to={session.operator.totpEnrolled ? '/' : '/enrol'} replace />;
  return <SignIn />;
}
