import { formatPatternMessage } from '@app/contract/client';
import { isApiError } from '@app/web-shared/api-error';
import { errorText } from '@app/web-shared/error-text';
import { Alert, Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordConfirmFields } from '../../../components/forms/password-confirm-fields';
import { useSmsTexts } from '../../../lib/sms-texts';
import { resetPasswordByEmail } from '../api/reset-link-api';

interface ResetValues {
  newPassword: string;
  confirmNewPassword: string;
}

export interface ResetPasswordFormProps {
  /** The token of the e-mailed link. */
  token: string;
  /** The password is set and every session ended. */
  onDone: () => void;
}

/** The new password of a forgot-by-e-mail link, with its confirmation (SPEC §5 rules). */
export function ResetPasswordForm({ token, onDone }: ResetPasswordFormProps) {
  useSmsTexts();
  const { t } = useTranslation(['sms', 'validation', 'errors']);
  const form = useForm<ResetValues>({ defaultValues: { newPassword: '', confirmNewPassword: '' } });
  const reset = useMutation({
    mutationFn: (values: ResetValues) => resetPasswordByEmail({ token, ...values }),
    onSuccess: () => onDone(),
  });
  const resetError = reset.error;
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
          {t('reset_page_submit')}
        </Button>
      </Stack>
    </form>
  );
}
