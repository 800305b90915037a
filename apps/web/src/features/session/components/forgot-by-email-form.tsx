import {
  checkRegisterField,
  formatPatternMessage,
  normalizeRegisterValue,
  type RegisterFieldRule,
} from '@app/contract/client';
import { isApiError } from '@app/web-shared/api-error';
import { errorText } from '@app/web-shared/error-text';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { requiredLabelProps } from '../../../components/required-label';
import { forgotPasswordByEmail } from '../api/forgot-password-api';

const REQUIRED = 'validation:required';

/** Used when the merchant's settings are not loaded yet: the e-mail pattern, 5-100 characters. */
const FALLBACK_EMAIL_RULE: RegisterFieldRule = {
  enabled: true,
  required: true,
  acceptedPattern: '', // unused: the check goes by patternId
  patternId: 3,
  minLength: 5,
  maxLength: 100,
};

interface EmailValues {
  username: string;
  email: string;
}

export interface ForgotByEmailFormProps {
  /** The merchant's e-mail rule (registration settings); the field is always required here. */
  emailRule?: RegisterFieldRule | undefined;
  /** The server took the request (the same answer whether or not an account matched). */
  onSent: () => void;
}

/** Forgot password by e-mail (SPEC §3, §5): username and e-mail, both required, plus rules. */
export function ForgotByEmailForm({ emailRule, onSent }: ForgotByEmailFormProps) {
  const { t } = useTranslation(['sms', 'validation', 'errors']);
  const rule = { ...(emailRule ?? FALLBACK_EMAIL_RULE), enabled: true, required: true };
  const form = useForm<EmailValues>({ defaultValues: { username: '', email: '' } });
  const { errors } = form.formState;

  const send = useMutation({
    mutationFn: (values: EmailValues) =>
      forgotPasswordByEmail({ username: values.username.trim(), email: values.email.trim() }),
    onSuccess: () => onSent(),
  });
  const sendError = send.error;
  const patternText = (patternId: number, min: number, max: number) =>
    formatPatternMessage(t(`validation:reg_pattern_${patternId}`), min, max);
  const serverPatternText =
    isApiError(sendError) && sendError.errorCode === 'REG_FIELD_INVALID'
      ? patternText(
          sendError.details?.patternId ?? rule.patternId,
          sendError.details?.minLength ?? rule.minLength,
          sendError.details?.maxLength ?? rule.maxLength,
        )
      : null;

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => send.mutate(values))}>
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
        <TextInput
          type="email"
          label={t('email')}
          labelProps={requiredLabelProps}
          placeholder={t('email_placeholder')}
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email', {
            validate: (value) => {
              const problem = checkRegisterField(rule, normalizeRegisterValue('email', value));
              if (problem?.kind === 'required') return t(REQUIRED);
              if (problem?.kind === 'pattern') {
                return patternText(problem.patternId, problem.minLength, problem.maxLength);
              }
              return true;
            },
          })}
        />
        {send.isError && (
          <Alert color="red" variant="light" role="alert">
            {serverPatternText ?? errorText(t, sendError)}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={send.isPending}>
          {t('email_submit')}
        </Button>
      </Stack>
    </form>
  );
}
