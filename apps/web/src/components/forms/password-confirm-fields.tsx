import { PasswordInput } from '@mantine/core';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { requiredLabelProps } from '../required-label';

const REQUIRED = 'validation:required';

export interface PasswordConfirmFieldsProps<T extends FieldValues> {
  /** The form that owns both fields. */
  form: UseFormReturn<T>;
  /** The form's names for the new password and its confirmation. */
  passwordField: Path<T>;
  confirmField: Path<T>;
  passwordLabel: string;
  passwordPlaceholder?: string | undefined;
  confirmLabel: string;
  confirmPlaceholder?: string | undefined;
  /** The accessible name of the show-characters button, when the form names it. */
  toggleLabel?: string | undefined;
  passwordMaxLength?: number | undefined;
  /** The password's rule (true or a message reference); only "required" when not given. */
  validatePassword?: (value: string) => true | string;
  /** A message reference as text; `t(reference)` when not given. */
  messageText?: (message: string | undefined) => string | undefined;
  /** For forms that check on touch: a changed password checks a touched confirmation again. */
  recheckConfirm?: boolean | undefined;
  /** Help text under the password (its rule), shown until an error takes its place. */
  passwordHelp?: string | undefined;
}

/** Help text sits under the input, where the error takes its place. */
const HELP_UNDER_INPUT: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

/**
 * A new password and its confirmation, as registration, change password and both password
 * resets ask for them. The confirmation must equal the password ("validation:checkPass").
 */
export function PasswordConfirmFields<T extends FieldValues>({
  form,
  passwordField,
  confirmField,
  passwordLabel,
  passwordPlaceholder,
  confirmLabel,
  confirmPlaceholder,
  toggleLabel,
  passwordMaxLength,
  validatePassword = (value) => value !== '' || REQUIRED,
  messageText,
  recheckConfirm = false,
  passwordHelp,
}: PasswordConfirmFieldsProps<T>) {
  const { t } = useTranslation(['validation', 'errors']);
  const textOf = messageText ?? ((message: string | undefined) => message && t(message));
  const errorOf = (field: Path<T>) => form.getFieldState(field, form.formState).error?.message;
  const toggleProps = toggleLabel ? { 'aria-label': toggleLabel } : undefined;
  const passwordError = textOf(errorOf(passwordField));
  return (
    <>
      <PasswordInput
        visibilityToggleButtonProps={toggleProps}
        label={passwordLabel}
        labelProps={requiredLabelProps}
        placeholder={passwordPlaceholder}
        autoComplete="new-password"
        maxLength={passwordMaxLength}
        error={passwordError}
        description={passwordError ? undefined : passwordHelp}
        inputWrapperOrder={HELP_UNDER_INPUT}
        {...form.register(passwordField, {
          validate: (value) => validatePassword(String(value)),
          onChange: () => {
            if (recheckConfirm && form.getFieldState(confirmField).isTouched) {
              void form.trigger(confirmField);
            }
          },
        })}
      />
      <PasswordInput
        visibilityToggleButtonProps={toggleProps}
        label={confirmLabel}
        labelProps={requiredLabelProps}
        placeholder={confirmPlaceholder}
        autoComplete="new-password"
        error={textOf(errorOf(confirmField))}
        {...form.register(confirmField, {
          validate: (value) =>
            value === ''
              ? REQUIRED
              : value === form.getValues(passwordField) || 'validation:checkPass',
        })}
      />
    </>
  );
}
