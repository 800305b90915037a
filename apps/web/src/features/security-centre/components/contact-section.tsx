import { errorText } from '@app/web-shared/error-text';
import { Alert, Badge, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bindEmail,
  bindMobile,
  securityKey,
  sendEmailCode,
  sendMobileCode,
} from '../api/security-api';
import { CodeSender } from './code-sender';

function Current({ value, verified }: { value: string | null; verified: boolean }) {
  const { t } = useTranslation('security');
  return (
    <Group gap="xs">
      <Text size="sm" fw={500} data-testid="contact-current">
        {value ?? t('not_bound')}
      </Text>
      {value && (
        <Badge color={verified ? 'teal' : 'gray'} variant="light">
          {verified ? t('verified') : t('not_verified')}
        </Badge>
      )}
    </Group>
  );
}

/** Bind or change the e-mail address: a code goes to it, the code proves it. */
export function EmailSection({ current, verified }: { current: string | null; verified: boolean }) {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const bind = useMutation({
    mutationFn: () => bindEmail({ email, verificationCode: code }),
    onMutate: () => setError(null),
    onSuccess: () => {
      setDone(true);
      setCode('');
      void queryClient.invalidateQueries({ queryKey: securityKey });
    },
    onError: (failure) => setError(errorText(t, failure)),
  });
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('email')}</Text>
      <Current value={current} verified={verified} />
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={current ? t('new_email') : t('email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <CodeSender
          send={() => sendEmailCode({ email })}
          disabled={!email.includes('@')}
          onError={setError}
        />
      </Group>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('email_code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Button onClick={() => bind.mutate()} loading={bind.isPending} disabled={!code || !email}>
          {t('bind')}
        </Button>
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      {done && !error && <Alert color="teal">{t('email_bound')}</Alert>}
    </Stack>
  );
}

/** Bind or change the mobile number with an SMS code. */
export function MobileSection({
  current,
  verified,
  dialingCodes,
}: {
  current: string | null;
  verified: boolean;
  dialingCodes: readonly string[];
}) {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const [dialingCode, setDialingCode] = useState(dialingCodes[0] ?? '');
  const [mobileNum, setMobileNum] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const phone = { countryDialingCode: dialingCode, mobileNum };
  const bind = useMutation({
    mutationFn: () => bindMobile({ ...phone, verificationCode: code }),
    onMutate: () => setError(null),
    onSuccess: () => {
      setDone(true);
      setCode('');
      void queryClient.invalidateQueries({ queryKey: securityKey });
    },
    onError: (failure) => setError(errorText(t, failure)),
  });
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('mobile')}</Text>
      <Current value={current} verified={verified} />
      <Group align="flex-end" gap="xs" wrap="nowrap">
        {dialingCodes.length > 1 ? (
          <NativeSelect
            label={t('dialing_code')}
            data={dialingCodes.map((value) => ({ value, label: `+${value}` }))}
            value={dialingCode}
            onChange={(event) => setDialingCode(event.currentTarget.value)}
          />
        ) : (
          <Text size="sm" pb={8}>
            +{dialingCode}
          </Text>
        )}
        <TextInput
          style={{ flex: 1 }}
          label={current ? t('new_mobile') : t('mobile')}
          inputMode="tel"
          autoComplete="tel-national"
          value={mobileNum}
          onChange={(event) => setMobileNum(event.currentTarget.value)}
        />
        <CodeSender send={() => sendMobileCode(phone)} disabled={!mobileNum} onError={setError} />
      </Group>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('sms_code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Button
          onClick={() => bind.mutate()}
          loading={bind.isPending}
          disabled={!code || !mobileNum}
        >
          {t('bind')}
        </Button>
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      {done && !error && <Alert color="teal">{t('mobile_bound')}</Alert>}
    </Stack>
  );
}
