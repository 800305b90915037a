import type { AdminBanner } from '@app/contract';
import { Alert, Button, Group, Image, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import { useCan } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format';
import { bannerPages, useReorder } from './api/content-calls';
import { BannerModal } from './banner-modal';
import { DeleteButton, EnabledSwitch, LanguageSelect } from './content-ui';
import { withMoves, withoutMoves } from './page-moves';
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
  const filter = { ...(groupName ? { groupName } : {}), ...(language ? { language } : {}) };
  const pages = bannerPages(filter, (rows) =>
    withMoves(
      inSiteOrder(rows),
      (left, right) => left.groupName === right.groupName && left.language === right.language,
    ),
  );
  const reorder = useReorder();
  const [editing, setEditing] = useState<AdminBanner | 'new' | null>(null);
  const move = (ids: string[] | null) => ids && reorder.mutate({ kind: 'banner', ids });

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
          }}
          data-testid="banners-filter-group"
        />
        <LanguageSelect
          allowAll
          value={language}
          onChange={(value) => {
            setLanguage(value);
          }}
        />
      </Group>
      {reorder.error && <Alert color="red">{errorText(t, reorder.error)}</Alert>}
      <DataTable
        columns={[
          {
            key: 'image',
            header: t('banners.image'),
            cell: (banner) => (
              <Image src={banner.imageUrl} alt="" h={40} w={133} fit="cover" radius="xs" />
            ),
          },
          {
            key: 'title',
            header: t('common.title'),
            cell: (banner) => banner.title,
            testId: 'banner-row-title',
          },
          { key: 'group', header: t('banners.group'), cell: (banner) => banner.groupName },
          { key: 'language', header: t('common.language'), cell: (banner) => banner.language },
          {
            key: 'link',
            header: t('banners.link'),
            cell: (banner) => (
              <Text size="sm" truncate maw={180}>
                {banner.link ?? t('common.never')}
              </Text>
            ),
          },
          {
            key: 'schedule',
            header: t('announcements.schedule'),
            cell: (banner) => <Text size="xs">{schedule(banner, t('banners.always'))}</Text>,
          },
          {
            key: 'enabled',
            header: t('common.enabled'),
            cell: (banner) => (
              <EnabledSwitch kind="banner" id={banner.id} enabled={banner.enabled} />
            ),
          },
          {
            key: 'actions',
            header: '',
            cell: (banner) =>
              canEdit && (
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="xs"
                    variant="subtle"
                    aria-label={t('common.moveUp')}
                    onClick={() => move(banner.upIds)}
                  >
                    ↑
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    aria-label={t('common.moveDown')}
                    onClick={() => move(banner.downIds)}
                  >
                    ↓
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setEditing(withoutMoves(banner))}
                    data-testid="banner-edit"
                  >
                    {t('common.edit')}
                  </Button>
                  <DeleteButton kind="banner" id={banner.id} title={banner.title} />
                </Group>
              ),
          },
        ]}
        rowKey={(banner) => banner.id}
        rowProps={(banner) => ({ 'data-testid': 'banner-row', 'data-banner-id': banner.id })}
        queryKey={pages.queryKey}
        fetchPage={pages.fetchPage}
        emptyText={t('common.empty')}
        previousLabel={t('common.newer')}
        nextLabel={t('common.older')}
        minWidth={900}
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
