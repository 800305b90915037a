import {
  checkRegisterField,
  formatPatternMessage,
  normalizeRegisterValue,
  type RegisterFieldRule,
} from '@app/contract/client';
import { isApiError } from '@app/web-shared/api-error';
import { errorText } from '@app/web-shared/error-text';
import { Alert, Button, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordConfirmFields } from '../../../components/forms/password-confirm-fields';
import { requiredLabelProps } from '../../../components/required-label';
import { MODAL_WIDTH } from '../../../lib/theme';
import { changePassword, useRegisterRules } from '../api/change-password-api';
import { useSession } from '../hooks/use-session';

interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

const fields = ['oldPassword', 'newPassword', 'confirmNewPassword'] as const;
const REQUIRED = 'validation:required';
const PATTERN_PREFIX = 'pattern:';

export interface ChangePasswordModalProps {
  opened: boolean;
  /** A forced change (expired password) cannot be dismissed. */
  forced?: boolean;
  onClose: () => void;
  /** The password changed and every session ended: the caller clears the session and opens login. */
  onChanged: () => void;
}

/** Message references follow a language switch: `validation:...`, `errors:...` or `pattern:id:min:max`. */
function messageText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (!message.startsWith(PATTERN_PREFIX)) return t(message);
  const [patternId, min, max] = message.slice(PATTERN_PREFIX.length).split(':').map(Number);
  return formatPatternMessage(t(`validation:reg_pattern_${patternId}`), min ?? 0, max ?? 0);
}

function checkNewPassword(rule: RegisterFieldRule | undefined, raw: string): true | string {
  const value = normalizeRegisterValue('password', raw);
  if (value === '') return REQUIRED;
  if (!rule) return true;
  const problem = checkRegisterField({ ...rule, enabled: true, required: true }, value);
  if (!problem) return true;
  return problem.kind === 'required'
    ? REQUIRED
    : `${PATTERN_PREFIX}${problem.patternId}:${problem.minLength}:${problem.maxLength}`;
}

/** Change password (SPEC §4): old, new (the merchant's password rule) and its confirmation. */
export default function ChangePasswordModal({
  opened,
  forced = false,
  onClose,
  onChanged,
}: ChangePasswordModalProps) {
  const { t } = useTranslation(['session', 'validation', 'errors']);
  // SPEC §3: the old password only when the member knows one (not after social sign-in).
  const askOldPassword = useSession().member?.passwordKnown !== false;
  const settings = useRegisterRules();
  const passwordRule = settings.data?.password;
  const form = useForm<ChangePasswordValues>({
    defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const change = useMutation({
    mutationFn: ({ oldPassword, ...values }: ChangePasswordValues) =>
      changePassword(askOldPassword ? { oldPassword, ...values } : values),
    onSuccess: () => {
      form.reset();
      onChanged();
    },
    onError: (error) => {
      const field = isApiError(error) ? error.details?.field : undefined;
      if (isApiError(error) && field && (fields as readonly string[]).includes(field)) {
        const { patternId, minLength, maxLength } = error.details ?? {};
        const message =
          error.errorCode === 'REG_FIELD_INVALID' && patternId !== undefined
            ? `${PATTERN_PREFIX}${patternId}:${minLength ?? 0}:${maxLength ?? 0}`
            : `errors:${error.errorCode}`;
        form.setError(field as keyof ChangePasswordValues, { type: 'server', message });
      }
    },
  });
  const fieldError = change.isError && !(isApiError(change.error) && change.error.details?.field);

  return (
    <Modal
      opened={opened}
      onClose={forced ? () => {} : onClose}
      withCloseButton={!forced}
      closeOnClickOutside={!forced}
      closeOnEscape={!forced}
      title={t('change_password_title')}
      size={MODAL_WIDTH}
      centered
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form noValidate onSubmit={form.handleSubmit((values) => change.mutate(values))}>
        <Stack gap="md">
          {forced && (
            <Text size="sm" c="dimmed">
              {t('password_expired_notice')}
            </Text>
          )}
          {askOldPassword && (
            <PasswordInput
              visibilityToggleButtonProps={{ 'aria-label': t('toggle_password_visibility') }}
              label={t('old_password')}
              labelProps={requiredLabelProps}
              autoComplete="current-password"
              error={messageText(t, errors.oldPassword?.message)}
              {...form.register('oldPassword', {
                validate: (value) => !askOldPassword || value !== '' || REQUIRED,
              })}
            />
          )}
          <PasswordConfirmFields
            form={form}
            passwordField="newPassword"
            confirmField="confirmNewPassword"
            passwordLabel={t('new_password')}
            confirmLabel={t('confirm_new_password')}
            toggleLabel={t('toggle_password_visibility')}
            passwordMaxLength={passwordRule?.maxLength}
            validatePassword={(value) => checkNewPassword(passwordRule, value)}
            messageText={(message) => messageText(t, message)}
          />
          {fieldError && (
            <Alert color="red" variant="light" role="alert">
              {errorText(t, change.error)}
            </Alert>
          )}
          <Button type="submit" size="md" fullWidth loading={change.isPending}>
            {t('change_password_submit')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
