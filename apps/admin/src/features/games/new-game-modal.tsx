import {
  GAME_NAME_MAX_LENGTH,
  type GameCategory,
  gameCategories,
  gameCodeSchema,
  languageCodes,
} from '@app/contract';
import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../lib/error-text';
import { type AdminGameVendor, useCreateGame } from './api/games-calls';
import { IconUpload } from './icon-upload';
import { useGamesTexts } from './texts';

/** Adds a game to one of the merchant's vendors; it stays hidden until switched on. */
export default function NewGameModal({
  vendors,
  onClose,
}: {
  vendors: readonly AdminGameVendor[];
  onClose: () => void;
}) {
  const { t } = useGamesTexts();
  const create = useCreateGame();
  const [vassalage, setVassalage] = useState(vendors[0]?.vassalage ?? '');
  const [gameCode, setGameCode] = useState('');
  const [gameType, setGameType] = useState<GameCategory>('RNG');
  const [names, setNames] = useState<Record<string, string>>({});
  const [iconUrl, setIconUrl] = useState('');
  const codeValid = gameCodeSchema.safeParse(gameCode).success;
  const named = Object.values(names).some((name) => name.trim() !== '');
  const ready = vassalage !== '' && codeValid && named && iconUrl !== '';
  const submit = () =>
    create.mutate(
      {
        vassalage,
        gameCode: gameCode.trim(),
        gameType,
        iconUrl,
        enabled: false,
        names: Object.fromEntries(Object.entries(names).filter(([, name]) => name.trim() !== '')),
      },
      { onSuccess: () => onClose() },
    );
  return (
    <Modal opened onClose={onClose} title={t('create.title')} size="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          {t('create.hint')}
        </Text>
        <SimpleGrid cols={3}>
          <NativeSelect
            label={t('games.vendor')}
            value={vassalage}
            onChange={(event) => setVassalage(event.currentTarget.value)}
            data={vendors.map((vendor) => ({ value: vendor.vassalage, label: vendor.name }))}
            data-testid="new-game-vendor"
          />
          <TextInput
            label={t('create.code')}
            value={gameCode}
            onChange={(event) => setGameCode(event.currentTarget.value)}
            error={gameCode !== '' && !codeValid ? t('create.codeInvalid') : undefined}
            data-testid="new-game-code"
          />
          <NativeSelect
            label={t('games.category')}
            value={gameType}
            onChange={(event) => setGameType(event.currentTarget.value as GameCategory)}
            data={gameCategories.map((category) => ({
              value: category,
              label: t(`categories.${category}`),
            }))}
            data-testid="new-game-category"
          />
        </SimpleGrid>
        <SimpleGrid cols={2}>
          {languageCodes.map((code) => (
            <TextInput
              key={code}
              label={t('create.name', { code })}
              maxLength={GAME_NAME_MAX_LENGTH}
              value={names[code] ?? ''}
              onChange={(event) => {
                const next = event.currentTarget.value;
                setNames((current) => ({ ...current, [code]: next }));
              }}
              data-testid={`new-game-name-${code}`}
            />
          ))}
        </SimpleGrid>
        <IconUpload iconUrl={iconUrl} onUploaded={setIconUrl} />
        {!ready && (
          <Text size="xs" c="dimmed">
            {t('create.needs')}
          </Text>
        )}
        {create.error && <Alert color="red">{errorText(t, create.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={!ready}
            loading={create.isPending}
            onClick={submit}
            data-testid="new-game-save"
          >
            {t('create.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
