import {
  PROMOTION_APPLICATION_COMMENT_MAX,
  PROMOTION_APPLICATION_IMAGE_MAX_BYTES,
  PROMOTION_APPLICATION_IMAGES_MAX,
} from '@app/contract/client';
import { Alert, Button, FileInput, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePromotionApply } from '../api/promotions-api';
import { errorText } from './error-text';

/** The file's bytes as base64 (no data: prefix); the server reads the kind from the bytes. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * SPEC §5 activity application: a comment of up to 140 characters and up to three png or jpg
 * images of 5 MB each. Checked here for the member's sake; the server checks each image by its
 * content. A modal, loaded lazily with the detail page.
 */
export default function ApplyForm({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('promotions');
  const [comment, setComment] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const apply = usePromotionApply();
  const tooMany = files.length > PROMOTION_APPLICATION_IMAGES_MAX;
  const tooLarge = files.some((file) => file.size > PROMOTION_APPLICATION_IMAGE_MAX_BYTES);
  const submit = async () => {
    const images = await Promise.all(files.map(base64Of));
    apply.mutate({ id, comment, images }, { onSuccess: onClose });
  };
  return (
    <Modal opened onClose={onClose} title={t('apply_title')} centered>
      <Stack>
        <Textarea
          label={t('apply_comment')}
          value={comment}
          maxLength={PROMOTION_APPLICATION_COMMENT_MAX}
          onChange={(event) => setComment(event.currentTarget.value)}
          description={`${comment.length} / ${PROMOTION_APPLICATION_COMMENT_MAX}`}
          autosize
          minRows={3}
          data-testid="apply-comment"
        />
        <FileInput
          label={t('apply_images')}
          description={t('apply_images_hint')}
          multiple
          clearable
          accept="image/png,image/jpeg"
          value={files}
          onChange={setFiles}
          error={tooMany ? t('apply_too_many') : tooLarge ? t('apply_too_large') : undefined}
          data-testid="apply-images"
        />
        {apply.isError && <Alert color="red">{errorText(t, apply.error)}</Alert>}
        <Text size="xs" c="dimmed">
          {t('apply_review_note')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            onClick={submit}
            loading={apply.isPending}
            disabled={tooMany || tooLarge}
            data-testid="apply-submit"
          >
            {t('apply_submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
