import {
  type AdminAnnouncement,
  type AnnouncementInput,
  announcementAudiences,
  announcementInputSchema,
  announcementTypes,
} from '@app/contract';
import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { RichTextEditor } from '../../components/rich-text-editor';
import { errorText } from '../../lib/error-text';
import { useSaveAnnouncement } from './api/content-calls';
import { fieldErrorsOf, fromLocalInput, LanguageSelect, toLocalInput } from './content-ui';
import { useContentTexts } from './texts';

function draftOf(announcement: AdminAnnouncement | null): AnnouncementInput {
  if (!announcement) {
    return {
      type: 'PL',
      language: 'EN',
      title: '',
      contentHtml: '',
      popup: false,
      enabled: true,
      startsAt: Date.now(),
      endsAt: null,
      audience: 'all',
    };
  }
  const { createdAt: _createdAt, ...rest } = announcement;
  return { ...rest, language: announcement.language as AnnouncementInput['language'] };
}

/** Create or edit an announcement: kind, language, title, rich text, schedule, popup. */
export function AnnouncementModal({
  announcement,
  onClose,
}: {
  announcement: AdminAnnouncement | null;
  onClose: () => void;
}) {
  const { t } = useContentTexts();
  const [draft, setDraft] = useState(() => draftOf(announcement));
  const [initialHtml] = useState(draft.contentHtml);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveAnnouncement(onClose);
  const set = <K extends keyof AnnouncementInput>(key: K, value: AnnouncementInput[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const fieldError = (field: string) => (errors[field] ? t(errors[field]) : undefined);

  const submit = () => {
    const found = fieldErrorsOf(announcementInputSchema, draft);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(draft);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={announcement ? t('announcements.editTitle') : t('announcements.newTitle')}
    >
      <Stack>
        <SimpleGrid cols={2}>
          <NativeSelect
            label={t('announcements.type')}
            value={draft.type}
            onChange={(event) =>
              set('type', event.currentTarget.value as AnnouncementInput['type'])
            }
            data={announcementTypes.map((type) => ({
              value: type,
              label: t(`announcements.types.${type}`),
            }))}
            data-testid="announcement-type"
          />
          <LanguageSelect
            value={draft.language}
            onChange={(value) => set('language', value as AnnouncementInput['language'])}
          />
        </SimpleGrid>
        <NativeSelect
          label={t('announcements.audience')}
          value={draft.audience}
          onChange={(event) =>
            set('audience', event.currentTarget.value as AnnouncementInput['audience'])
          }
          data={announcementAudiences.map((audience) => ({
            value: audience,
            label: t(`announcements.audiences.${audience}`),
          }))}
          data-testid="announcement-audience"
        />
        <TextInput
          label={t('common.title')}
          value={draft.title}
          onChange={(event) => set('title', event.currentTarget.value)}
          error={fieldError('title')}
          data-testid="announcement-title"
        />
        <RichTextEditor
          t={t}
          label={t('announcements.content')}
          initialHtml={initialHtml}
          onChange={(html) => set('contentHtml', html)}
          error={fieldError('contentHtml')}
          testId="announcement-editor"
        />
        <Text size="xs" c="dimmed">
          {t('announcements.sanitizedNote')}
        </Text>
        <SimpleGrid cols={2}>
          <TextInput
            type="datetime-local"
            label={t('announcements.startsAt')}
            value={toLocalInput(draft.startsAt)}
            onChange={(event) =>
              set('startsAt', fromLocalInput(event.currentTarget.value) ?? Date.now())
            }
            error={fieldError('startsAt')}
          />
          <TextInput
            type="datetime-local"
            label={t('announcements.endsAt')}
            placeholder={t('announcements.noEnd')}
            value={toLocalInput(draft.endsAt)}
            onChange={(event) => set('endsAt', fromLocalInput(event.currentTarget.value))}
            error={fieldError('endsAt')}
          />
        </SimpleGrid>
        <Group>
          <Switch
            label={t('announcements.popup')}
            checked={draft.popup}
            onChange={(event) => set('popup', event.currentTarget.checked)}
          />
          <Switch
            label={t('common.enabled')}
            checked={draft.enabled}
            onChange={(event) => set('enabled', event.currentTarget.checked)}
          />
        </Group>
        {save.error && <Alert color="red">{errorText(t, save.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending} data-testid="announcement-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
