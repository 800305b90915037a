import {
  BUILTIN_CLIENT_SEED_MAX_LENGTH,
  type BuiltinRevealedSeed,
  type BuiltinSeeds,
  FAIRNESS_VERIFY_PATH,
} from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import { Alert, Anchor, Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeClientSeed, rotateSeed } from '../api/play-api';
import { verifyParams } from '../verify/verify-link';

/** A client seed the server accepts: printable ASCII without spaces. */
const CLIENT_SEED_PATTERN = /^[\x21-\x7e]+$/;

function Field({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid={testId}>
        {value}
      </Code>
    </Stack>
  );
}

/**
 * The member's seeds: the active server seed's hash, the client seed (editable), the nonce and
 * the next pair's hash; rotating (or a new client seed) reveals the retired server seed.
 */
export function FairnessPanel({
  gameSession,
  seeds,
  onSeeds,
}: {
  gameSession: string;
  seeds: BuiltinSeeds;
  onSeeds: (seeds: BuiltinSeeds) => void;
}) {
  const { t } = useTranslation(['builtin-games', 'errors']);
  const [clientSeed, setClientSeed] = useState(seeds.clientSeed);
  const [revealed, setRevealed] = useState<BuiltinRevealedSeed | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const seedValid =
    clientSeed.length > 0 &&
    clientSeed.length <= BUILTIN_CLIENT_SEED_MAX_LENGTH &&
    CLIENT_SEED_PATTERN.test(clientSeed);

  async function change(newClientSeed: string | null) {
    setBusy(true);
    setError(null);
    try {
      const answer =
        newClientSeed === null
          ? await rotateSeed(gameSession)
          : await changeClientSeed(gameSession, newClientSeed);
      onSeeds(answer.seeds);
      setClientSeed(answer.seeds.clientSeed);
      setRevealed(answer.revealed);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  const verifyAll = revealed
    ? `${FAIRNESS_VERIFY_PATH}?${new URLSearchParams({
        [verifyParams.serverSeed]: revealed.serverSeed,
        [verifyParams.serverSeedHash]: revealed.serverSeedHash,
        [verifyParams.clientSeed]: revealed.clientSeed,
        [verifyParams.nonce]: '0',
      }).toString()}`
    : null;

  return (
    <Stack gap="sm">
      <Text fz="sm">{t('builtin-games:fairness_intro')}</Text>
      <Field
        label={t('builtin-games:server_seed_hash')}
        value={seeds.serverSeedHash}
        testId="fair-server-hash"
      />
      <Field label={t('builtin-games:nonce')} value={String(seeds.nonce)} testId="fair-nonce" />
      <Field label={t('builtin-games:next_server_seed_hash')} value={seeds.nextServerSeedHash} />
      <TextInput
        label={t('builtin-games:client_seed')}
        value={clientSeed}
        maxLength={BUILTIN_CLIENT_SEED_MAX_LENGTH}
        onChange={(event) => setClientSeed(event.currentTarget.value.trim())}
        error={clientSeed !== '' && !seedValid ? t('builtin-games:client_seed_invalid') : null}
      />
      <Group gap="xs">
        <Button
          variant="default"
          disabled={busy || !seedValid || clientSeed === seeds.clientSeed}
          onClick={() => change(clientSeed)}
        >
          {t('builtin-games:set_client_seed')}
        </Button>
        <Button disabled={busy} onClick={() => change(null)}>
          {t('builtin-games:rotate')}
        </Button>
      </Group>
      {error ? <Alert color="red">{errorText(t, error)}</Alert> : null}
      {revealed ? (
        <Alert color="teal" title={t('builtin-games:revealed_title')}>
          <Stack gap="xs">
            <Field
              label={t('builtin-games:server_seed')}
              value={revealed.serverSeed}
              testId="fair-revealed-seed"
            />
            <Field label={t('builtin-games:server_seed_hash')} value={revealed.serverSeedHash} />
            <Text fz="sm">
              {t('builtin-games:revealed_rounds', {
                clientSeed: revealed.clientSeed,
                count: revealed.nonce,
              })}
            </Text>
            {verifyAll ? (
              <Anchor href={verifyAll} target="_blank" fz="sm">
                {t('builtin-games:open_verify')}
              </Anchor>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
