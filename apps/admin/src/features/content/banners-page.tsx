import type { AdminBanner } from '@app/contract';
import { Alert, Button, Group, Image, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useCan } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format';
import { useBanners, useCursor, useReorder } from './api/content-calls';
import { BannerModal } from './banner-modal';
import { DeleteButton, EnabledSwitch, LanguageSelect, Pager } from './content-ui';
import { useContentTexts } from './texts';

/** Banners in the order the site shows them: by group and language, then sort, then id. */
function inSiteOrder(rows: readonly AdminBanner[]): AdminBanner[] {
  return [...rows].sort(
    (left, right) =>
      left.groupName.localeCompare(right.groupName) ||
      left.language.localeCompare(right.language) ||
      left.sort - right.sort ||
      Number(left.id) - Number(right.id),
  );
}

/** The ids of a banner's group and language with it moved one place up or down. */
function movedIds(
  rows: readonly AdminBanner[],
  banner: AdminBanner,
  step: -1 | 1,
): string[] | null {
  const siblings = rows.filter(
    (row) => row.groupName === banner.groupName && row.language === banner.language,
  );
  const from = siblings.findIndex((row) => row.id === banner.id);
  const to = from + step;
  if (to < 0 || to >= siblings.length) return null;
  const ids = siblings.map((row) => row.id);
  [ids[from], ids[to]] = [ids[to] as string, ids[from] as string];
  return ids;
}

function schedule(banner: AdminBanner, always: string): string {
  if (banner.activeFrom === null && banner.activeUntil === null) return always;
  const from = banner.activeFrom === null ? '…' : formatDateTime(banner.activeFrom);
  const until = banner.activeUntil === null ? '…' : formatDateTime(banner.activeUntil);
  return `${from} – ${until}`;
}

export default function BannersPage() {
  const { t } = useContentTexts();
  const can = useCan();
  const canEdit = can('content:edit');
  const [groupName, setGroupName] = useState('');
  const [language, setLanguage] = useState('');
  const cursor = useCursor();
  const filter = { ...(groupName ? { groupName } : {}), ...(language ? { language } : {}) };
  const list = useBanners(filter, cursor.afterId);
  const reorder = useReorder();
  const [editing, setEditing] = useState<AdminBanner | 'new' | null>(null);
  const rows = inSiteOrder(list.data?.list ?? []);

  const move = (banner: AdminBanner, step: -1 | 1) => {
    const ids = movedIds(rows, banner, step);
    if (ids) reorder.mutate({ kind: 'banner', ids });
  };

  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={2}>{t('banners.title')}</Title>
        {canEdit && (
          <Button onClick={() => setEditing('new')} data-testid="banner-new">
            {t('banners.newTitle')}
          </Button>
        )}
      </Group>
      {!canEdit && (
        <Alert color="gray" mb="md">
          {t('common.readOnly')}
        </Alert>
      )}
      <Group mb="md" align="flex-end">
        <TextInput
          label={t('banners.group')}
          placeholder={t('banners.allGroups')}
          value={groupName}
          onChange={(event) => {
            setGroupName(event.currentTarget.value.trim());
            cursor.reset();
          }}
          data-testid="banners-filter-group"
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
      {reorder.error && <Alert color="red">{errorText(t, reorder.error)}</Alert>}
      {list.data && rows.length === 0 && <Text c="dimmed">{t('common.empty')}</Text>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={900}>
          <Table striped withTableBorder verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('banners.image')}</Table.Th>
                <Table.Th>{t('common.title')}</Table.Th>
                <Table.Th>{t('banners.group')}</Table.Th>
                <Table.Th>{t('common.language')}</Table.Th>
                <Table.Th>{t('banners.link')}</Table.Th>
                <Table.Th>{t('announcements.schedule')}</Table.Th>
                <Table.Th>{t('common.enabled')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((banner) => (
                <Table.Tr key={banner.id} data-testid="banner-row" data-banner-id={banner.id}>
                  <Table.Td w={150}>
                    <Image src={banner.imageUrl} alt="" h={40} w={133} fit="cover" radius="xs" />
                  </Table.Td>
                  <Table.Td data-testid="banner-row-title">{banner.title}</Table.Td>
                  <Table.Td>{banner.groupName}</Table.Td>
                  <Table.Td>{banner.language}</Table.Td>
                  <Table.Td>
                    <Text size="sm" truncate maw={180}>
                      {banner.link ?? t('common.never')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{schedule(banner, t('banners.always'))}</Text>
                  </Table.Td>
                  <Table.Td>
                    <EnabledSwitch kind="banner" id={banner.id} enabled={banner.enabled} />
                  </Table.Td>
                  <Table.Td>
                    {canEdit && (
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="xs"
                          variant="subtle"
                          aria-label={t('common.moveUp')}
                          onClick={() => move(banner, -1)}
                        >
                          ↑
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          aria-label={t('common.moveDown')}
                          onClick={() => move(banner, 1)}
                        >
                          ↓
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => setEditing(banner)}
                          data-testid="banner-edit"
                        >
                          {t('common.edit')}
                        </Button>
                        <DeleteButton kind="banner" id={banner.id} title={banner.title} />
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
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
        <BannerModal
          banner={editing === 'new' ? null : editing}
          groupName={groupName}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
