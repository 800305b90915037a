import { errorText } from '@app/web-shared/error-text';
import { Alert, Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import PhoneCodeFields from '../../../components/forms/phone-code-fields';
import { fullPhoneNumber } from '../../../lib/phone-number';
import { useSmsTexts } from '../../../lib/sms-texts';
import { submitLogin } from '../api/login-api';
import { readSmsLoginPhone, writeSmsLoginPhone } from '../hooks/sms-login-phone';
import { useEstablishSession } from '../hooks/use-session';

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
  // SPEC §3: the phone of the last SMS login on this browser, when it has this dialling code.
  const [lastPhone] = useState(readSmsLoginPhone);
  const form = useForm<SmsLoginValues>({
    defaultValues: {
      mobileNum: lastPhone?.countryDialingCode === dialingCode ? lastPhone.mobileNum : '',
      code: '',
    },
  });

  const login = useMutation({
    mutationFn: async ({ mobileNum, code }: SmsLoginValues) => {
      const session = await submitLogin({
        username: fullPhoneNumber({ countryDialingCode: dialingCode, mobileNum }),
        password: code.trim(),
        type: 'sms',
      });
      await establish(session.token, session.firstTimeLogin);
      writeSmsLoginPhone({ countryDialingCode: dialingCode, mobileNum: mobileNum.trim() });
      return session;
    },
    onSuccess: () => onLoggedIn(),
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))}>
      <Stack gap="md">
        <PhoneCodeFields
          form={form}
          mobileField="mobileNum"
          codeField="code"
          sendCall="smsNoLogin"
          dialingCode={dialingCode}
        />
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
