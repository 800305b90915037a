import { adminLoginCall } from '@app/contract';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text';
import { bodySchemaOf, zodResolver } from '../../lib/zod-resolver';

export type SecondFactor = { totpCode: string } | { recoveryCode: string };

const totpSchema = bodySchemaOf(adminLoginCall).pick({ totpCode: true }).required();
const recoverySchema = bodySchemaOf(adminLoginCall).pick({ recoveryCode: true }).required();

function TotpCodeForm({ onSubmit }: { onSubmit: (factor: SecondFactor) => Promise<void> }) {
  const { t } = useTranslation();
  const form = useForm<{ totpCode: string }>({
    defaultValues: { totpCode: '' },
    resolver: zodResolver(totpSchema),
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <Stack>
        <Text size="sm">{t('signIn.totpHint')}</Text>
        <TextInput
          label={t('signIn.totpCode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus
          error={errors.totpCode?.message && t(errors.totpCode.message)}
          data-testid="sign-in-totp"
          {...form.register('totpCode')}
        />
        <Button type="submit" loading={isSubmitting} data-testid="sign-in-totp-submit">
          {t('signIn.verify')}
        </Button>
      </Stack>
    </form>
  );
}

function RecoveryCodeForm({ onSubmit }: { onSubmit: (factor: SecondFactor) => Promise<void> }) {
  const { t } = useTranslation();
  const form = useForm<{ recoveryCode: string }>({
    defaultValues: { recoveryCode: '' },
    resolver: zodResolver(recoverySchema),
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <Stack>
        <Text size="sm">{t('signIn.recoveryHint')}</Text>
        <TextInput
          label={t('signIn.recoveryCode')}
          autoComplete="off"
          autoFocus
          error={errors.recoveryCode?.message && t(errors.recoveryCode.message)}
          data-testid="sign-in-recovery"
          {...form.register('recoveryCode')}
        />
        <Button type="submit" loading={isSubmitting} data-testid="sign-in-recovery-submit">
          {t('signIn.verify')}
        </Button>
      </Stack>
    </form>
  );
}

/** The second step: a TOTP code, or (by the link) one of the recovery codes. */
export function SecondFactorForm({
  onSubmit,
  error,
}: {
  onSubmit: (factor: SecondFactor) => Promise<void>;
  error: unknown;
}) {
  const { t } = useTranslation();
  const [useRecovery, setUseRecovery] = useState(false);
  return (
    <Stack>
      {useRecovery ? (
        <RecoveryCodeForm onSubmit={onSubmit} />
      ) : (
        <TotpCodeForm onSubmit={onSubmit} />
      )}
      {error !== null && (
        <Alert color="red" role="alert" data-testid="sign-in-error">
          {errorText(t, error)}
        </Alert>
      )}
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => setUseRecovery((current) => !current)}
        data-testid="sign-in-recovery-link"
      >
        {useRecovery ? t('signIn.useTotp') : t('signIn.useRecovery')}
      </Anchor>
    </Stack>
  );
}
