import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { requiredLabelProps } from '../../../components/required-label';
import type { SmsPhone } from '../../../components/sms-code-field';
import { callApi } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';
import { fullPhoneNumber, MOBILE_NUMBER_PATTERN } from '../../../lib/phone-number';
import { useSmsTexts } from '../../../lib/sms-texts';
import { useEstablishSession } from '../hooks/use-session';

const SmsCodeField = lazyWithRetry(() => import('../../../components/sms-code-field'));

const REQUIRED = 'validation:required';

interface SmsLoginValues {
  mobileNum: string;
  code: string;
}

export interface SmsLoginFormProps {
  dialingCode: string;
  onLoggedIn: () => void;
}

/** SMS login (SPEC §2, §5): mobile number, Send code (captcha first), the code as password. */
export default function SmsLoginForm({ dialingCode, onLoggedIn }: SmsLoginFormProps) {
  useSmsTexts();
  const { t } = useTranslation(['sms', 'validation', 'errors']);
  const establish = useEstablishSession();
  const form = useForm<SmsLoginValues>({ defaultValues: { mobileNum: '', code: '' } });
  const { errors } = form.formState;

  const phone = async (): Promise<SmsPhone | null> =>
    (await form.trigger('mobileNum'))
      ? { countryDialingCode: dialingCode, mobileNum: form.getValues('mobileNum').trim() }
      : null;

  const login = useMutation({
    mutationFn: async ({ mobileNum, code }: SmsLoginValues) => {
      const session = await callApi('login', {
        body: {
          username: fullPhoneNumber({ countryDialingCode: dialingCode, mobileNum }),
          password: code.trim(),
          type: 'sms',
        },
      });
      await establish(session.token, session.firstTimeLogin);
      return session;
    },
    onSuccess: () => onLoggedIn(),
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))}>
      <Stack gap="md">
        <TextInput
          label={t('mobile')}
          labelProps={requiredLabelProps}
          placeholder={t('mobile_placeholder')}
          leftSection={`+${dialingCode}`}
          leftSectionWidth={52}
          autoComplete="tel-national"
          inputMode="tel"
          error={errors.mobileNum?.message && t(errors.mobileNum.message)}
          {...form.register('mobileNum', {
            validate: (value) =>
              value.trim() === ''
                ? REQUIRED
                : MOBILE_NUMBER_PATTERN.test(value.trim()) || 'errors:PHONE_NUMBER_INVALID',
          })}
        />
        <Suspense fallback={null}>
          <SmsCodeField
            call="smsNoLogin"
            phone={phone}
            codeInputProps={form.register('code', {
              validate: (value) => value.trim() !== '' || REQUIRED,
            })}
            codeError={errors.code?.message && t(errors.code.message)}
          />
        </Suspense>
        {login.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorText(t, login.error)}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={login.isPending}>
          {t('login')}
        </Button>
      </Stack>
    </form>
  );
}
