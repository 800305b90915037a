import { builtinGameCodes } from '@app/contract/client';
import {
  Alert,
  Button,
  Code,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useBuiltinGamesTexts } from '../builtin-games-texts';
import { recompute, type VerifyInput, type VerifyResult } from './recompute';
import { verifyParams } from './verify-link';

const gameOptions = Object.values(builtinGameCodes);

function initialInput(search: URLSearchParams): VerifyInput {
  const nonce = Number(search.get(verifyParams.nonce) ?? '0');
  return {
    gameCode: search.get(verifyParams.game) ?? gameOptions[0] ?? '',
    serverSeed: search.get(verifyParams.serverSeed) ?? '',
    serverSeedHash: search.get(verifyParams.serverSeedHash) ?? '',
    clientSeed: search.get(verifyParams.clientSeed) ?? '',
    nonce: Number.isSafeInteger(nonce) && nonce >= 0 ? nonce : 0,
    paramsJson: search.get(verifyParams.params) ?? '',
  };
}

function VerifyBody() {
  useBuiltinGamesTexts();
  const { t } = useTranslation('builtin-games');
  const [search] = useSearchParams();
  const [input, setInput] = useState<VerifyInput>(() => initialInput(search));
  const [result, setResult] = useState<VerifyResult | null>(() =>
    search.get(verifyParams.serverSeed) ? recompute(initialInput(search)) : null,
  );
  const set = (patch: Partial<VerifyInput>) => setInput((current) => ({ ...current, ...patch }));

  return (
    <Stack component="main" p={{ base: 'md', sm: 'xl' }} maw={820} mx="auto" gap="md">
      <Title order={1} fz={{ base: 22, sm: 28 }}>
        {t('verify_title')}
      </Title>
      <Text fz="sm">{t('verify_intro')}</Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setResult(recompute(input));
        }}
      >
        <Stack gap="sm">
          <Select
            label={t('game')}
            data={gameOptions.map((code) => ({
              value: code,
              label: t(`game_name.${code}`, { defaultValue: code }),
            }))}
            value={input.gameCode}
            onChange={(value) => set({ gameCode: value ?? '' })}
            allowDeselect={false}
          />
          <TextInput
            label={t('server_seed')}
            value={input.serverSeed}
            onChange={(event) => set({ serverSeed: event.currentTarget.value.trim() })}
            required
          />
          <TextInput
            label={t('server_seed_hash')}
            description={t('server_seed_hash_help')}
            value={input.serverSeedHash}
            onChange={(event) => set({ serverSeedHash: event.currentTarget.value.trim() })}
          />
          <TextInput
            label={t('client_seed')}
            value={input.clientSeed}
            onChange={(event) => set({ clientSeed: event.currentTarget.value })}
            required
          />
          <NumberInput
            label={t('nonce')}
            value={input.nonce}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            onChange={(value) => set({ nonce: typeof value === 'number' ? value : 0 })}
          />
          <Textarea
            label={t('params')}
            description={t('params_help')}
            value={input.paramsJson}
            autosize
            minRows={2}
            onChange={(event) => set({ paramsJson: event.currentTarget.value })}
          />
          <Button type="submit">{t('verify_button')}</Button>
        </Stack>
      </form>
      {result ? <VerifyResultView result={result} /> : null}
    </Stack>
  );
}

function VerifyResultView({ result }: { result: VerifyResult }) {
  const { t } = useTranslation('builtin-games');
  if (!result.ok) {
    return (
      <Alert color="red">
        {t(result.problem === 'params' ? 'params_invalid' : 'replay_failed')}
      </Alert>
    );
  }
  return (
    <Stack gap="sm" data-testid="verify-result">
      {result.hashMatches === null ? null : (
        <Alert
          color={result.hashMatches ? 'teal' : 'red'}
          data-testid={result.hashMatches ? 'hash-match' : 'hash-mismatch'}
        >
          {t(result.hashMatches ? 'hash_matches' : 'hash_differs')}
        </Alert>
      )}
      <Text fz="sm" fw={600}>
        {t('computed_hash')}
      </Text>
      <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {result.computedHash}
      </Code>
      <Text fz="sm" fw={600}>
        {t('outcome')}
      </Text>
      {result.hasReplay ? (
        <Code block data-testid="verify-outcome" style={{ whiteSpace: 'pre-wrap' }}>
          {JSON.stringify(result.outcome, null, 2)}
        </Code>
      ) : (
        <Text fz="sm" c="dimmed">
          {t('no_replay')}
        </Text>
      )}
      <Text fz="sm" fw={600}>
        {t('floats')}
      </Text>
      <Code block data-testid="verify-floats">
        {result.floats.map((value) => value.toFixed(10)).join('\n')}
      </Code>
    </Stack>
  );
}

/** `/verify` (in the site frame, public): recomputes any round of a built-in game from its seeds. */
export default function VerifyPage() {
  return (
    <Suspense fallback={<PageLoader />}>
      <VerifyBody />
    </Suspense>
  );
}
