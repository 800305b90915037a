import { type AdminAnnouncement, announcementTypes } from '@app/contract';
import { Alert, Badge, Button, Group, NativeSelect, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import { useCan } from '../../lib/console-session';
import { formatDateTime } from '../../lib/format';
import { AnnouncementModal } from './announcement-modal';
import { announcementPages } from './api/content-calls';
import { DeleteButton, EnabledSwitch, LanguageSelect } from './content-ui';
import { useContentTexts } from './texts';

type Status = 'live' | 'scheduled' | 'ended' | 'off';
const STATUS_COLOURS: Record<Status, string> = {
  live: 'green',
  scheduled: 'blue',
  ended: 'gray',
  off: 'gray',
};

function statusOf(entry: AdminAnnouncement, nowMs: number): Status {
  if (!entry.enabled) return 'off';
  if (entry.startsAt > nowMs) return 'scheduled';
  if (entry.endsAt !== null && entry.endsAt <= nowMs) return 'ended';
  return 'live';
}

export default function AnnouncementsPage() {
  const { t } = useContentTexts();
  const can = useCan();
  const canEdit = can('content:edit');
  const [type, setType] = useState('');
  const [language, setLanguage] = useState('');
  const pages = announcementPages({
    ...(type ? { type } : {}),
    ...(language ? { language } : {}),
  });
  const [editing, setEditing] = useState<AdminAnnouncement | 'new' | null>(null);
  const nowMs = Date.now();

  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={2}>{t('announcements.title')}</Title>
        {canEdit && (
          <Button onClick={() => setEditing('new')} data-testid="announcement-new">
            {t('announcements.newTitle')}
          </Button>
        )}
      </Group>
      {!canEdit && (
        <Alert color="gray" mb="md">
          {t('common.readOnly')}
        </Alert>
      )}
      <Group mb="md" align="flex-end">
        <NativeSelect
          label={t('announcements.type')}
          value={type}
          onChange={(event) => {
            setType(event.currentTarget.value);
          }}
          data={[
            { value: '', label: t('announcements.allTypes') },
            ...announcementTypes.map((value) => ({
              value,
              label: t(`announcements.types.${value}`),
            })),
          ]}
        />
        <LanguageSelect
          allowAll
          value={language}
          onChange={(value) => {
            setLanguage(value);
          }}
        />
      </Group>
      <DataTable
        columns={[
          {
            key: 'title',
            header: t('common.title'),
            cell: (entry) => {
              const status = statusOf(entry, nowMs);
              return (
                <>
                  <Text size="sm" fw={500}>
                    {entry.title}
                  </Text>
                  <Badge size="xs" variant="light" color={STATUS_COLOURS[status]}>
                    {t(`announcements.status.${status}`)}
                  </Badge>
                  {entry.popup && (
                    <Badge size="xs" variant="outline" ml={4}>
                      {t('announcements.types.PU')}
                    </Badge>
                  )}
                </>
              );
            },
          },
          {
            key: 'type',
            header: t('announcements.type'),
            cell: (entry) => t(`announcements.types.${entry.type}`),
          },
          { key: 'language', header: t('common.language'), cell: (entry) => entry.language },
          {
            key: 'schedule',
            header: t('announcements.schedule'),
            cell: (entry) => (
              <Text size="xs">
                {formatDateTime(entry.startsAt)} –{' '}
                {entry.endsAt === null ? t('announcements.noEnd') : formatDateTime(entry.endsAt)}
              </Text>
            ),
          },
          {
            key: 'enabled',
            header: t('common.enabled'),
            cell: (entry) => (
              <EnabledSwitch kind="announcement" id={entry.id} enabled={entry.enabled} />
            ),
          },
          {
            key: 'actions',
            header: '',
            cell: (entry) =>
              canEdit && (
                <Group gap={4} wrap="nowrap">
                  <Button size="xs" variant="light" onClick={() => setEditing(entry)}>
                    {t('common.edit')}
                  </Button>
                  <DeleteButton kind="announcement" id={entry.id} title={entry.title} />
                </Group>
              ),
          },
        ]}
        rowKey={(entry) => entry.id}
        rowProps={() => ({ 'data-testid': 'announcement-row' })}
        queryKey={pages.queryKey}
        fetchPage={pages.fetchPage}
        emptyText={t('common.empty')}
        previousLabel={t('common.newer')}
        nextLabel={t('common.older')}
        minWidth={860}
      />
      {editing && (
        <AnnouncementModal
          announcement={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
