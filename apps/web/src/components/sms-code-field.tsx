import { errorText } from '@app/web-shared/error-text';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type SmsSendCall, sendSmsCode } from '../api/sms-code-api';
import { lazyWithRetry } from '../lib/lazy-with-retry';
import { requiredLabelProps } from './required-label';
import { useSliderChallenge } from './use-slider-challenge';

const CaptchaField = lazyWithRetry(() => import('./captcha-field'));

/** A second click within this long sends nothing (SPEC §5: SMS send throttled 1000 ms). */
const SEND_THROTTLE_MS = 1000;

export interface SmsPhone {
  countryDialingCode: string;
  mobileNum: string;
}

export interface SmsCodeFieldProps {
  /** Which call sends the code: registration, or login and forgot password. */
  call: SmsSendCall;
  /** Validates the mobile number field first; null when it is not valid (SPEC §5). */
  phone: () => Promise<SmsPhone | null>;
  /** The registered code input. */
  codeInputProps: UseFormRegisterReturn;
  codeError?: string | undefined;
}

/**
 * The SMS code input with its Send button. Before sending, the captcha is the bot check (the
 * slider puzzle instead when the merchant uses it); after sending, the button counts down
 * expiredMinutes × 60 seconds (SPEC §4).
 */
export default function SmsCodeField({
  call,
  phone,
  codeInputProps,
  codeError,
}: SmsCodeFieldProps) {
  const { t } = useTranslation(['sms', 'common', 'validation', 'errors']);
  const captchaForm = useForm<{ captcha: string }>({ defaultValues: { captcha: '' } });
  const captchaId = useRef<string | undefined>(undefined);
  const onCaptchaId = useCallback((id: string) => {
    captchaId.current = id;
  }, []);
  const [captchaReload, setCaptchaReload] = useState(0);
  const [secondsLeft, setSecondsLeft] = useState(0);
  // With the merchant's slider on, the puzzle is the bot check instead of the captcha.
  const slider = useSliderChallenge();
  const sendCode = useMutation({
    mutationFn: (
      body: SmsPhone & {
        captcha?: string;
        captchaId?: string | undefined;
        challengeToken?: string;
      },
    ) => sendSmsCode(call, body),
  });
  const [sendError, setSendError] = useState<unknown>(null);
  const lastClickAt = useRef(0);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const send = async () => {
    if (Date.now() - lastClickAt.current < SEND_THROTTLE_MS) return;
    lastClickAt.current = Date.now();
    setSendError(null);
    const number = await phone();
    if (!number) return;
    if (slider.required) {
      const challenge = await slider.requestChallenge();
      if (!challenge) return;
      try {
        const sent = await sendCode.mutateAsync({ ...number, ...challenge });
        setSecondsLeft(sent.expiredMinutes * 60);
      } catch (error) {
        setSendError(error);
      }
      return;
    }
    if (!(await captchaForm.trigger('captcha'))) return;
    try {
      const sent = await sendCode.mutateAsync({
        ...number,
        captcha: captchaForm.getValues('captcha').trim(),
        captchaId: captchaId.current,
      });
      setSecondsLeft(sent.expiredMinutes * 60);
    } catch (error) {
      setSendError(error);
    } finally {
      // Any attempt spends the captcha.
      captchaForm.setValue('captcha', '');
      setCaptchaReload((key) => key + 1);
    }
  };

  const captchaError = captchaForm.formState.errors.captcha?.message;
  return (
    <Stack gap="md">
      {slider.challengeModal}
      {!slider.required && (
        <Suspense fallback={null}>
          <CaptchaField
            inputProps={captchaForm.register('captcha', {
              validate: (value) => value.trim() !== '' || 'validation:required',
            })}
            error={captchaError && t(captchaError)}
            onCaptchaId={onCaptchaId}
            reloadKey={captchaReload}
          />
        </Suspense>
      )}
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('sms_code')}
          labelProps={requiredLabelProps}
          placeholder={t('sms_code_placeholder')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          error={codeError}
          {...codeInputProps}
        />
        <Button
          mt={25}
          variant="light"
          onClick={() => void send()}
          loading={sendCode.isPending}
          disabled={secondsLeft > 0}
          miw={120}
        >
          {secondsLeft > 0 ? t('sms_resend_in', { seconds: secondsLeft }) : t('sms_send')}
        </Button>
      </Group>
      {sendError !== null && (
        <Alert color="yellow" variant="light" role="alert">
          {errorText(t, sendError)}
        </Alert>
      )}
    </Stack>
  );
}
