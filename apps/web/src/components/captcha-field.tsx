import { ActionIcon, Group, Image, Skeleton, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fetchCaptcha } from '../api/captcha-api';

/** A new image at most this often (SPEC: refresh at most once a second). */
export const CAPTCHA_REFRESH_INTERVAL_MS = 1000;

export interface CaptchaFieldProps {
  /** The registered input (react-hook-form's `register('captcha')`). */
  inputProps: UseFormRegisterReturn;
  error?: string | undefined;
  /** Told the id of each new image, to send back as `captchaId`. */
  onCaptchaId: (captchaId: string) => void;
  /** Change it to ask for a new image (a captcha is spent by any attempt, right or wrong). */
  reloadKey?: number;
}

/** The captcha image, a refresh button (at most once a second) and the answer input. */
export default function CaptchaField({
  inputProps,
  error,
  onCaptchaId,
  reloadKey = 0,
}: CaptchaFieldProps) {
  const { t } = useTranslation('common');
  const lastLoadAt = useRef(0);
  const captcha = useQuery({
    queryKey: ['captcha', reloadKey],
    queryFn: () => {
      lastLoadAt.current = Date.now();
      return fetchCaptcha();
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  const captchaId = captcha.data?.captchaId;
  useEffect(() => {
    if (captchaId) onCaptchaId(captchaId);
  }, [captchaId, onCaptchaId]);

  const refresh = () => {
    if (Date.now() - lastLoadAt.current < CAPTCHA_REFRESH_INTERVAL_MS) return;
    void captcha.refetch();
  };

  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <TextInput
        style={{ flex: 1 }}
        label={t('captcha')}
        placeholder={t('captcha_placeholder')}
        autoComplete="off"
        inputMode="numeric"
        maxLength={8}
        error={error}
        {...inputProps}
      />
      <Group gap={4} mt={25} wrap="nowrap">
        {captcha.data ? (
          <Image
            src={captcha.data.image}
            alt={t('captcha_image')}
            w={120}
            h={40}
            radius="sm"
            onClick={refresh}
            style={{ cursor: 'pointer' }}
          />
        ) : (
          <Skeleton width={120} height={40} radius="sm" />
        )}
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={t('captcha_refresh')}
          onClick={refresh}
          loading={captcha.isFetching}
        >
          ↻
        </ActionIcon>
      </Group>
    </Group>
  );
}
