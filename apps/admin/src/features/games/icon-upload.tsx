import { GAME_ICON_MAX_BYTES } from '@app/contract';
import { FileInput, Group, Image, Text } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../lib/error-text';
import { fileToBase64, useUploadGameIcon } from './api/games-calls';
import { useGamesTexts } from './texts';

const ICON_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const MAX_KB = GAME_ICON_MAX_BYTES / 1024;

/** Picks an icon, checks its type and size here first, uploads it and shows the stored copy. */
export function IconUpload({
  iconUrl,
  onUploaded,
}: {
  iconUrl: string;
  onUploaded: (iconUrl: string) => void;
}) {
  const { t } = useGamesTexts();
  const upload = useUploadGameIcon();
  const [problem, setProblem] = useState<string | null>(null);
  const onFile = async (file: File | null) => {
    setProblem(null);
    if (!file) return;
    if (!ICON_TYPES.includes(file.type)) return setProblem(t('icon.type'));
    if (file.size > GAME_ICON_MAX_BYTES) return setProblem(t('icon.size', { maxKb: MAX_KB }));
    upload.mutate(await fileToBase64(file), { onSuccess: (icon) => onUploaded(icon.iconUrl) });
  };
  return (
    <Group align="flex-end" wrap="nowrap">
      <FileInput
        style={{ flex: 1 }}
        label={t('icon.label')}
        description={t('icon.hint', { maxKb: MAX_KB })}
        accept={ICON_TYPES.join(',')}
        onChange={(file) => void onFile(file)}
        error={problem ?? (upload.error ? errorText(t, upload.error) : undefined)}
        placeholder={upload.isPending ? t('icon.uploading') : t('icon.pick')}
        clearable
        data-testid="game-icon-file"
      />
      {iconUrl ? (
        <Image src={iconUrl} w={64} h={64} radius="sm" alt="" data-testid="game-icon-preview" />
      ) : (
        <Text size="xs" c="dimmed" w={64}>
          {t('icon.none')}
        </Text>
      )}
    </Group>
  );
}
