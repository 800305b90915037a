import { adminTotpConfirmCall, adminTotpStartCall } from '@app/contract';
import {
  Alert,
  Button,
  Center,
  Code,
  CopyButton,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { callAdmin } from '../../lib/api-client';
import { SESSION_QUERY_KEY, useConsoleSession } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { bodySchemaOf, zodResolver } from '../../lib/zod-resolver';

/** The QR's side on screen; authenticator apps read it well from this size up. */
const QR_SIZE_PX = 200;

/**
 * The QR as an image of a data URL, never as markup in the page: an SVG shown through `<img>`
 * runs no script and reaches nothing, even if it carried some, and the CSP allows `data:` images.
 */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const text = codes.join('\n');
  return (
    <Stack data-testid="recovery-codes">
      <Alert color="yellow">{t('enrol.recoveryOnce')}</Alert>
      <SimpleGrid cols={2} spacing="xs">
        {codes.map((code) => (
          <Code key={code} fz="md">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <CopyButton value={text}>
        {({ copied, copy }) => (
          <Button variant="default" onClick={copy}>
            {copied ? t('enrol.copied') : t('enrol.copyCodes')}
          </Button>
        )}
      </CopyButton>
      <Button onClick={onDone} data-testid="enrol-done">
        {t('enrol.continue')}
      </Button>
    </Stack>
  );
}

const confirmSchema = bodySchemaOf(adminTotpConfirmCall);

function ConfirmForm({ onConfirmed }: { onConfirmed: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const form = useForm<{ code: string }>({
    defaultValues: { code: '' },
    resolver: zodResolver(confirmSchema),
  });
  const confirm = useMutation({
    mutationFn: (code: string) => callAdmin(adminTotpConfirmCall, { body: { code } }),
    onSuccess: (value) => onConfirmed(value.recoveryCodes),
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(({ code }) => confirm.mutate(code))} noValidate>
      <Stack>
        <TextInput
          label={t('enrol.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={errors.code?.message && t(errors.code.message)}
          data-testid="enrol-code"
          {...form.register('code')}
        />
        {confirm.error && (
          <Alert color="red" role="alert">
            {errorText(t, confirm.error)}
          </Alert>
        )}
        <Button type="submit" loading={confirm.isPending} data-testid="enrol-confirm">
          {t('enrol.confirm')}
        </Button>
      </Stack>
    </form>
  );
}

function Enrolment() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // A query, not an effect: it starts once even when React mounts the page twice (StrictMode).
  const start = useQuery({
    queryKey: ['totp-start'],
    queryFn: () => callAdmin(adminTotpStartCall),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  // Shown once: kept in memory only, until the operator goes on.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const done = async () => {
    await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    navigate('/', { replace: true });
  };

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={done} />;
  if (start.error) return <Alert color="red">{errorText(t, start.error)}</Alert>;
  if (!start.data) return <Text>{t('enrol.preparing')}</Text>;
  return (
    <Stack>
      <Text size="sm">{t('enrol.scan')}</Text>
      <Center>
        <Image
          src={svgDataUrl(start.data.qrSvg)}
          alt={t('enrol.qrAlt')}
          w={QR_SIZE_PX}
          h={QR_SIZE_PX}
          bg="white"
          data-testid="enrol-qr"
        />
      </Center>
      <Text size="sm">{t('enrol.manual')}</Text>
      <Code block data-testid="enrol-secret">
        {start.data.secretBase32}
      </Code>
      <ConfirmForm onConfirmed={setRecoveryCodes} />
    </Stack>
  );
}

/** First sign-in of an operator without TOTP: enrol before anything else opens. */
export default function TotpEnrolmentPage() {
  const { t } = useTranslation();
  const { data: session, isPending } = useConsoleSession();
  if (!isPending && !session) return <Navigate to="/sign-in" replace />;
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder p="xl" w="100%" maw={480}>
        <Stack>
          <Title order={2}>{t('enrol.title')}</Title>
          {session?.operator.totpEnrolled ? <Navigate to="/" replace /> : session && <Enrolment />}
        </Stack>
      </Paper>
    </Center>
  );
}
