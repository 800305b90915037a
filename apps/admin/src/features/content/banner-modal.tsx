import {
  type AdminBanner,
  BANNER_IMAGE_MAX_BYTES,
  type BannerInput,
  bannerInputSchema,
} from '@app/contract';
import {
  Alert,
  Button,
  FileInput,
  Group,
  Image,
  Modal,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../lib/error-text';
import { useSaveBanner, useUploadImage } from './api/content-calls';
import { fieldErrorsOf, fromLocalInput, LanguageSelect, toLocalInput } from './content-ui';
import { useContentTexts } from './texts';

/** The image types the server accepts (it checks the bytes too). */
const BANNER_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const BYTES_PER_MB = 1024 * 1024;
const MAX_MB = BANNER_IMAGE_MAX_BYTES / BYTES_PER_MB;

type Draft = Omit<BannerInput, 'linkageType'> & { linkageType: 'url' | 'external' | '' };

function draftOf(banner: AdminBanner | null, groupName: string): Draft {
  if (!banner) {
    return {
      groupName: groupName || 'home',
      language: 'EN',
      title: '',
      imageUrl: '',
      linkageType: '',
      link: null,
      sort: 0,
      enabled: true,
      activeFrom: null,
      activeUntil: null,
    };
  }
  const { createdAt: _createdAt, ...rest } = banner;
  return {
    ...rest,
    linkageType: banner.linkageType ?? '',
    language: banner.language as Draft['language'],
  };
}

function bodyOf(draft: Draft): BannerInput {
  const linked = draft.linkageType !== '';
  return {
    ...draft,
    linkageType: linked ? (draft.linkageType as 'url' | 'external') : null,
    link: linked ? (draft.link ?? '') : null,
  };
}

function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('file could not be read'));
    reader.onload = () => {
      const dataUrl = String(reader.result);
      resolve(dataUrl.slice(dataUrl.indexOf(',') + 1));
    };
    reader.readAsDataURL(file);
  });
}

/** Create or edit a banner: upload its image (or give an address), title, link, schedule. */
export function BannerModal({
  banner,
  groupName,
  onClose,
}: {
  banner: AdminBanner | null;
  groupName: string;
  onClose: () => void;
}) {
  const { t } = useContentTexts();
  const [draft, setDraft] = useState<Draft>(() => draftOf(banner, groupName));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const save = useSaveBanner(onClose);
  const upload = useUploadImage();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const fieldError = (field: string) => (errors[field] ? t(errors[field]) : undefined);

  const onFile = async (file: File | null) => {
    setFileProblem(null);
    if (!file) return;
    if (!BANNER_IMAGE_TYPES.includes(file.type)) return setFileProblem(t('banners.wrongType'));
    if (file.size > BANNER_IMAGE_MAX_BYTES) {
      return setFileProblem(t('banners.tooLarge', { maxMb: MAX_MB }));
    }
    const uploaded = await upload.mutateAsync(await fileToBase64(file)).catch(() => null);
    if (uploaded) set('imageUrl', uploaded.url);
  };

  const submit = () => {
    const body = bodyOf(draft);
    const found = fieldErrorsOf(bannerInputSchema, body);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(body);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={banner ? t('banners.editTitle') : t('banners.newTitle')}
    >
      <Stack>
        <SimpleGrid cols={2}>
          <TextInput
            label={t('banners.group')}
            value={draft.groupName}
            onChange={(event) => set('groupName', event.currentTarget.value)}
            error={fieldError('groupName')}
            data-testid="banner-group"
          />
          <LanguageSelect
            value={draft.language}
            onChange={(value) => set('language', value as Draft['language'])}
            testId="banner-language"
          />
        </SimpleGrid>
        <TextInput
          label={t('common.title')}
          value={draft.title}
          onChange={(event) => set('title', event.currentTarget.value)}
          error={fieldError('title')}
          data-testid="banner-title"
        />
        <FileInput
          label={t('banners.upload')}
          description={t('banners.uploadHint', { maxMb: MAX_MB })}
          accept={BANNER_IMAGE_TYPES.join(',')}
          onChange={(file) => void onFile(file)}
          error={fileProblem ?? (upload.error ? errorText(t, upload.error) : undefined)}
          placeholder={upload.isPending ? t('banners.uploading') : undefined}
          clearable
          data-testid="banner-file"
        />
        <TextInput
          label={t('banners.imageUrl')}
          value={draft.imageUrl}
          onChange={(event) => set('imageUrl', event.currentTarget.value)}
          error={fieldError('imageUrl')}
          data-testid="banner-image-url"
        />
        {draft.imageUrl && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('banners.preview')}
            </Text>
            <Image
              src={draft.imageUrl}
              alt=""
              radius="sm"
              mah={160}
              fit="contain"
              data-testid="banner-preview"
            />
          </Stack>
        )}
        <SimpleGrid cols={2}>
          <NativeSelect
            label={t('banners.linkKind')}
            value={draft.linkageType}
            onChange={(event) =>
              set('linkageType', event.currentTarget.value as Draft['linkageType'])
            }
            data={[
              { value: '', label: t('banners.linkNone') },
              { value: 'url', label: t('banners.linkUrl') },
              { value: 'external', label: t('banners.linkExternal') },
            ]}
            data-testid="banner-link-kind"
          />
          <TextInput
            label={t('banners.link')}
            value={draft.link ?? ''}
            disabled={draft.linkageType === ''}
            onChange={(event) => set('link', event.currentTarget.value)}
            error={fieldError('link')}
            data-testid="banner-link"
          />
        </SimpleGrid>
        <SimpleGrid cols={3}>
          <TextInput
            type="datetime-local"
            label={t('banners.activeFrom')}
            value={toLocalInput(draft.activeFrom)}
            onChange={(event) => set('activeFrom', fromLocalInput(event.currentTarget.value))}
            error={fieldError('activeFrom')}
          />
          <TextInput
            type="datetime-local"
            label={t('banners.activeUntil')}
            value={toLocalInput(draft.activeUntil)}
            onChange={(event) => set('activeUntil', fromLocalInput(event.currentTarget.value))}
            error={fieldError('activeUntil')}
          />
          <NumberInput
            label={t('common.order')}
            value={draft.sort}
            min={0}
            allowDecimal={false}
            onChange={(value) => set('sort', typeof value === 'number' ? value : 0)}
          />
        </SimpleGrid>
        <Switch
          label={t('common.enabled')}
          checked={draft.enabled}
          onChange={(event) => set('enabled', event.currentTarget.checked)}
        />
        {save.error && <Alert color="red">{errorText(t, save.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={submit}
            loading={save.isPending}
            disabled={upload.isPending}
            data-testid="banner-save"
          >
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
