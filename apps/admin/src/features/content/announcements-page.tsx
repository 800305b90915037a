import { type AdminAnnouncement, announcementTypes } from '@app/contract';
import { Alert, Badge, Button, Group, NativeSelect, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useCan } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format';
import { AnnouncementModal } from './announcement-modal';
import { useAnnouncements, useCursor } from './api/content-calls';
import { DeleteButton, EnabledSwitch, LanguageSelect, Pager } from './content-ui';
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
  const cursor = useCursor();
  const list = useAnnouncements(
    { ...(type ? { type } : {}), ...(language ? { language } : {}) },
    cursor.afterId,
  );
  const [editing, setEditing] = useState<AdminAnnouncement | 'new' | null>(null);
  const rows = list.data?.list ?? [];
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
            cursor.reset();
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
            cursor.reset();
          }}
        />
      </Group>
      {list.error && <Alert color="red">{errorText(t, list.error)}</Alert>}
      {list.data && rows.length === 0 && <Text c="dimmed">{t('common.empty')}</Text>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={860}>
          <Table striped withTableBorder verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('common.title')}</Table.Th>
                <Table.Th>{t('announcements.type')}</Table.Th>
                <Table.Th>{t('common.language')}</Table.Th>
                <Table.Th>{t('announcements.schedule')}</Table.Th>
                <Table.Th>{t('common.enabled')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((entry) => {
                const status = statusOf(entry, nowMs);
                return (
                  <Table.Tr key={entry.id} data-testid="announcement-row">
                    <Table.Td>
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
                    </Table.Td>
                    <Table.Td>{t(`announcements.types.${entry.type}`)}</Table.Td>
                    <Table.Td>{entry.language}</Table.Td>
                    <Table.Td>
                      <Text size="xs">
                        {formatDateTime(entry.startsAt)} –{' '}
                        {entry.endsAt === null
                          ? t('announcements.noEnd')
                          : formatDateTime(entry.endsAt)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <EnabledSwitch kind="announcement" id={entry.id} enabled={entry.enabled} />
                    </Table.Td>
                    <Table.Td>
                      {canEdit && (
                        <Group gap={4} wrap="nowrap">
                          <Button size="xs" variant="light" onClick={() => setEditing(entry)}>
                            {t('common.edit')}
                          </Button>
                          <DeleteButton kind="announcement" id={entry.id} title={entry.title} />
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager
        hasNewer={cursor.hasNewer}
        nextAfterId={list.data?.nextAfterId}
        onNewer={cursor.newer}
        onOlder={cursor.older}
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
