import { GAME_RULES_MAX_LENGTH, type LanguageCode, languageCodes } from '@app/contract';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../lib/error-text';
import { type AdminGame, useUpdateGame } from './api/games-calls';
import { IconUpload } from './icon-upload';
import { useGamesTexts } from './texts';

/**
 * A game's icon and its rules per language. The rules are HTML that the server sanitizes (the
 * content pages' allow-list) before the lobby shows them; only the languages typed are sent.
 */
export default function GameDetailsModal({
  game,
  onClose,
}: {
  game: AdminGame;
  onClose: () => void;
}) {
  const { t } = useGamesTexts();
  const update = useUpdateGame();
  const [iconUrl, setIconUrl] = useState(game.iconUrl);
  const [language, setLanguage] = useState<LanguageCode>('EN');
  const [rules, setRules] = useState<Partial<Record<LanguageCode, string>>>({});
  const iconChanged = iconUrl !== game.iconUrl;
  const changed = iconChanged || Object.keys(rules).length > 0;
  const save = () =>
    update.mutate(
      {
        nodeId: game.nodeId,
        ...(iconChanged ? { iconUrl } : {}),
        ...(Object.keys(rules).length > 0 ? { rules } : {}),
      },
      { onSuccess: () => onClose() },
    );
  return (
    <Modal opened onClose={onClose} title={t('details.title', { code: game.gameCode })} size="lg">
      <Stack>
        <IconUpload iconUrl={iconUrl} onUploaded={setIconUrl} />
        <NativeSelect
          label={t('details.language')}
          value={language}
          onChange={(event) => setLanguage(event.currentTarget.value as LanguageCode)}
          data={[...languageCodes]}
          data-testid="game-rules-language"
        />
        <Textarea
          label={t('details.rules')}
          description={t('details.rulesHint')}
          autosize
          minRows={6}
          maxRows={14}
          maxLength={GAME_RULES_MAX_LENGTH}
          value={rules[language] ?? ''}
          placeholder={t('details.rulesPlaceholder')}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setRules((current) => ({ ...current, [language]: next }));
          }}
          data-testid="game-rules"
        />
        <Text size="xs" c="dimmed">
          {t('details.rulesKept')}
        </Text>
        {update.error && <Alert color="red">{errorText(t, update.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={!changed}
            loading={update.isPending}
            onClick={save}
            data-testid="game-details-save"
          >
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
