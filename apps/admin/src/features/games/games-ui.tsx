import { GAME_NAME_MAX_LENGTH, GAME_SORT_ORDER_MAX, languageCodes } from '@app/contract';
import { Alert, Button, Group, Modal, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../lib/error-text';
import { type AdminGame, useUpdateGame } from './api/games-calls';
import { useGamesTexts } from './texts';

/** The flags an operator switches per row (vendor or game). */
export type GameFlag = 'enabled' | 'isHot' | 'isNew';

/** A switch of a row for editors; plain text for readers. */
export function FlagSwitch({
  flag,
  checked,
  canEdit,
  pending,
  onChange,
  testId,
}: {
  flag: GameFlag;
  checked: boolean;
  canEdit: boolean;
  pending: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
}) {
  const { t } = useGamesTexts();
  if (!canEdit) return <Text size="sm">{checked ? t('common.yes') : t('common.no')}</Text>;
  return (
    <Switch
      checked={checked}
      aria-label={t(`flags.${flag}`)}
      disabled={pending}
      onChange={(event) => onChange(event.currentTarget.checked)}
      data-testid={testId}
    />
  );
}

/** The sort order of a row: saved when the field loses focus with a new valid value. */
export function SortOrderInput({
  value,
  canEdit,
  onSave,
}: {
  value: number;
  canEdit: boolean;
  onSave: (sortOrder: number) => void;
}) {
  const { t } = useGamesTexts();
  const [text, setText] = useState(String(value));
  if (!canEdit) return <Text size="sm">{value}</Text>;
  const parsed = Number(text);
  const valid = /^\d+$/.test(text) && parsed <= GAME_SORT_ORDER_MAX;
  return (
    <TextInput
      size="xs"
      w={90}
      inputMode="numeric"
      aria-label={t('flags.sortOrder')}
      value={text}
      error={!valid}
      onChange={(event) => setText(event.currentTarget.value)}
      onBlur={() => {
        if (valid && parsed !== value) onSave(parsed);
        else setText(String(value));
      }}
      data-testid="sort-order"
    />
  );
}

/** The game's names per language: a field per language the product has; empty removes one. */
export function GameNamesModal({ game, onClose }: { game: AdminGame; onClose: () => void }) {
  const { t } = useGamesTexts();
  const update = useUpdateGame();
  const [names, setNames] = useState<Record<string, string>>(() =>
    Object.fromEntries(languageCodes.map((code) => [code, game.names[code] ?? ''])),
  );
  const changed = Object.fromEntries(
    Object.entries(names).filter(([code, name]) => name.trim() !== (game.names[code] ?? '')),
  );
  const save = () =>
    update.mutate({ nodeId: game.nodeId, names: changed }, { onSuccess: () => onClose() });
  return (
    <Modal opened onClose={onClose} title={t('names.title', { code: game.gameCode })} size="lg">
      <SimpleGrid cols={2}>
        {languageCodes.map((code) => (
          <TextInput
            key={code}
            label={code}
            maxLength={GAME_NAME_MAX_LENGTH}
            value={names[code] ?? ''}
            onChange={(event) => {
              const next = event.currentTarget.value;
              setNames((current) => ({ ...current, [code]: next }));
            }}
            data-testid={`game-name-${code}`}
          />
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="sm">
        {t('names.hint')}
      </Text>
      {update.error && (
        <Alert color="red" mt="sm">
          {errorText(t, update.error)}
        </Alert>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          onClick={save}
          loading={update.isPending}
          disabled={Object.keys(changed).length === 0}
          data-testid="game-names-save"
        >
          {t('common.save')}
        </Button>
      </Group>
    </Modal>
  );
}
