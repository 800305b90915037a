import type { RegisterSettings } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import { Alert, Anchor, Button, Checkbox, Group, TextInput } from '@mantine/core';
import { type ReactNode, Suspense, useState } from 'react';
import type { Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';
import { fieldMessageText } from '../hooks/field-messages';
import type { SharedRegisterValues } from '../hooks/register-body';
import { type ExtraRegisterField, RegisterExtraFields } from './register-extra-fields';

// The terms load only when the person asks to read them.
const TermsModal = lazyWithRetry(() => import('./terms-modal'));

export interface RegisterFormEndValues extends SharedRegisterValues {
  termsAccepted: boolean;
}

export interface RegisterFormEndProps<T extends RegisterFormEndValues> {
  form: UseFormReturn<T>;
  settings: RegisterSettings;
  /** Optional fields the form shows elsewhere or not at all. */
  hidden: ReadonlySet<ExtraRegisterField>;
  /** Page mode has a reset button (SPEC §2). */
  mode: 'page' | 'modal';
  /** The invitation's referral code is shown only when the page's link brought one. */
  showReferral: boolean;
  /** A failure that names no field of the form; null for none. */
  formError: unknown;
  submitting: boolean;
  onReset: () => void;
  /** Shown between the optional fields and the terms (the username form's captcha). */
  beforeTerms?: ReactNode;
}

/**
 * What both registration forms (username and mobile) end with: the merchant's optional fields,
 * the invitation's referral code, the terms box (its link opens the merchant's terms), a failure
 * that names no field, and the buttons.
 */
export function RegisterFormEnd<T extends RegisterFormEndValues>({
  form,
  settings,
  hidden,
  mode,
  showReferral,
  formError,
  submitting,
  onReset,
  beforeTerms,
}: RegisterFormEndProps<T>) {
  const { t } = useTranslation(['registration', 'validation', 'errors', 'common']);
  // Every key of RegisterFormEndValues is a field of T; TypeScript cannot see that for a generic T.
  const path = (field: keyof RegisterFormEndValues) => field as Path<T>;
  const errorOf = (field: keyof RegisterFormEndValues) =>
    form.getFieldState(path(field), form.formState).error?.message;
  const [termsOpened, setTermsOpened] = useState(false);
  return (
    <>
      <RegisterExtraFields
        settings={settings}
        hidden={hidden}
        fieldProps={(field, validate) =>
          form.register(path(field), { validate: (value) => validate(String(value ?? '')) })
        }
        errorOf={errorOf}
      />
      {showReferral && (
        <TextInput
          label={t('field_referralCode')}
          autoComplete="off"
          {...form.register(path('referralCode'))}
        />
      )}
      {beforeTerms}
      <Checkbox
        label={t('terms')}
        description={
          // Beside the box rather than in its label, so that reading leaves the box as it was.
          <Anchor
            component="button"
            type="button"
            fz="inherit"
            onClick={() => setTermsOpened(true)}
          >
            {t('terms_read')}
          </Anchor>
        }
        error={fieldMessageText(t, errorOf('termsAccepted'))}
        {...form.register(path('termsAccepted'), {
          validate: (value) => value === true || 'validation:terms',
        })}
      />
      {termsOpened && (
        <Suspense fallback={null}>
          <TermsModal opened onClose={() => setTermsOpened(false)} />
        </Suspense>
      )}
      {formError !== null && (
        <Alert color="red" variant="light" role="alert">
          {errorText(t, formError)}
        </Alert>
      )}
      <Group grow gap="sm">
        {mode === 'page' && (
          <Button type="button" variant="default" size="md" onClick={onReset}>
            {t('reset')}
          </Button>
        )}
        <Button type="submit" size="md" loading={submitting}>
          {t('submit')}
        </Button>
      </Group>
    </>
  );
}
