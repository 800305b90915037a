import { type AdminSiteLinks, type SiteLinksInput, siteLinksInputSchema } from '@app/contract';
import {
  Alert,
  Button,
  Card,
  Group,
  Image,
  NativeSelect,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useCan } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { useSaveSiteLinks, useSiteLinks } from './api/content-calls';
import { useContentTexts } from './texts';

/** Rows carry a key of their own: React must not key them by position (rows are removed). */
type Keyed<T> = T & { rowKey: number };
type Resource = Keyed<SiteLinksInput['resources'][number]>;
type CsEntry = Keyed<SiteLinksInput['customerService'][number]>;

let lastRowKey = 0;
function keyed<T>(row: T): Keyed<T> {
  lastRowKey += 1;
  return { ...row, rowKey: lastRowKey };
}

interface Draft {
  resources: Resource[];
  customerService: CsEntry[];
  domainsText: string;
}

function draftOf(links: AdminSiteLinks): Draft {
  return {
    resources: links.resources.map(({ resourceType, url, labelNameEn }) =>
      keyed({ resourceType, url, labelNameEn }),
    ),
    customerService: links.customerService.map(keyed),
    domainsText: links.domains.join('\n'),
  };
}

function bodyOf(draft: Draft): SiteLinksInput {
  return {
    resources: draft.resources.map(({ rowKey: _rowKey, ...row }) => row),
    customerService: draft.customerService.map(({ rowKey: _rowKey, ...row }) => row),
    domains: draft.domainsText
      .split(/\s+/)
      .map((line) => line.trim())
      .filter((line) => line !== ''),
  };
}

/** Which rows of each list the contract's schema refuses (to highlight them). */
function badRowsOf(body: SiteLinksInput): Set<string> {
  const result = siteLinksInputSchema.safeParse(body);
  if (result.success) return new Set();
  return new Set(
    result.error.issues.map((issue) => `${String(issue.path[0])}.${String(issue.path[1] ?? '')}`),
  );
}

export default function SiteLinksPage() {
  const { t } = useContentTexts();
  const can = useCan();
  const canEdit = can('content:edit');
  const links = useSiteLinks();
  const save = useSaveSiteLinks();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [badRows, setBadRows] = useState<Set<string>>(new Set());

  useEffect(() => {
    if (links.data) setDraft(draftOf(links.data));
  }, [links.data]);

  if (links.error) return <Alert color="red">{errorText(t, links.error)}</Alert>;
  if (!draft || !links.data) return null;
  const qrOf = (url: string) => links.data.resources.find((entry) => entry.url === url)?.qrImage;

  const setResource = (index: number, change: Partial<Resource>) =>
    setDraft({
      ...draft,
      resources: draft.resources.map((row, at) => (at === index ? { ...row, ...change } : row)),
    });
  const setCs = (index: number, change: Partial<CsEntry>) =>
    setDraft({
      ...draft,
      customerService: draft.customerService.map((row, at) =>
        at === index ? { ...row, ...change } : row,
      ),
    });

  const submit = () => {
    const body = bodyOf(draft);
    const bad = badRowsOf(body);
    setBadRows(bad);
    if (bad.size === 0) save.mutate(body);
  };
  const invalid = (list: string, index: number) => badRows.has(`${list}.${index}`) || undefined;

  return (
    <Stack>
      <Title order={2}>{t('links.title')}</Title>
      {!canEdit && <Alert color="gray">{t('common.readOnly')}</Alert>}
      <Card withBorder>
        <Title order={4} mb="sm">
          {t('links.resources')}
        </Title>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('links.resourceType')}</Table.Th>
              <Table.Th>{t('links.url')}</Table.Th>
              <Table.Th>{t('links.label')}</Table.Th>
              <Table.Th>{t('links.qr')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {draft.resources.map((row, index) => (
              <Table.Tr key={row.rowKey} data-testid="resource-row">
                <Table.Td w={140}>
                  <TextInput
                    value={row.resourceType}
                    disabled={!canEdit}
                    error={invalid('resources', index)}
                    onChange={(event) =>
                      setResource(index, { resourceType: event.currentTarget.value })
                    }
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    value={row.url}
                    disabled={!canEdit}
                    error={invalid('resources', index)}
                    onChange={(event) => setResource(index, { url: event.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td w={160}>
                  <TextInput
                    value={row.labelNameEn ?? ''}
                    disabled={!canEdit}
                    onChange={(event) =>
                      setResource(index, { labelNameEn: event.currentTarget.value || null })
                    }
                  />
                </Table.Td>
                <Table.Td w={60}>
                  {qrOf(row.url) && <Image src={qrOf(row.url)} alt="" w={40} h={40} />}
                </Table.Td>
                <Table.Td w={90}>
                  {canEdit && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() =>
                        setDraft({
                          ...draft,
                          resources: draft.resources.filter((_, at) => at !== index),
                        })
                      }
                    >
                      {t('links.remove')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {canEdit && (
          <Group mt="xs">
            <Button
              size="xs"
              variant="light"
              onClick={() =>
                setDraft({
                  ...draft,
                  resources: [
                    ...draft.resources,
                    keyed({ resourceType: '', url: 'https://', labelNameEn: null }),
                  ],
                })
              }
            >
              {t('links.add')}
            </Button>
          </Group>
        )}
      </Card>
      <Card withBorder>
        <Title order={4} mb="sm">
          {t('links.customerService')}
        </Title>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('links.csType')}</Table.Th>
              <Table.Th>{t('links.csTitle')}</Table.Th>
              <Table.Th>{t('links.csPath')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {draft.customerService.map((row, index) => (
              <Table.Tr key={row.rowKey} data-testid="cs-row">
                <Table.Td w={140}>
                  <NativeSelect
                    value={row.csType}
                    disabled={!canEdit}
                    data={['LIVECHAT', 'VIP']}
                    onChange={(event) =>
                      setCs(index, { csType: event.currentTarget.value as CsEntry['csType'] })
                    }
                  />
                </Table.Td>
                <Table.Td w={200}>
                  <TextInput
                    value={row.title}
                    disabled={!canEdit}
                    error={invalid('customerService', index)}
                    onChange={(event) => setCs(index, { title: event.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    value={row.path}
                    disabled={!canEdit}
                    error={invalid('customerService', index)}
                    onChange={(event) => setCs(index, { path: event.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td w={90}>
                  {canEdit && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() =>
                        setDraft({
                          ...draft,
                          customerService: draft.customerService.filter((_, at) => at !== index),
                        })
                      }
                    >
                      {t('links.remove')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {canEdit && (
          <Group mt="xs">
            <Button
              size="xs"
              variant="light"
              onClick={() =>
                setDraft({
                  ...draft,
                  customerService: [
                    ...draft.customerService,
                    keyed({ csType: 'LIVECHAT' as const, title: '', path: 'https://' }),
                  ],
                })
              }
            >
              {t('links.add')}
            </Button>
          </Group>
        )}
      </Card>
      <Card withBorder>
        <Title order={4} mb="sm">
          {t('links.domains')}
        </Title>
        <Textarea
          description={t('links.domainsHint')}
          autosize
          minRows={3}
          value={draft.domainsText}
          disabled={!canEdit}
          error={
            badRows.has('domains.') ||
            [...badRows].some((key) => key.startsWith('domains.')) ||
            undefined
          }
          onChange={(event) => setDraft({ ...draft, domainsText: event.currentTarget.value })}
          data-testid="domains-input"
        />
      </Card>
      {badRows.size > 0 && <Alert color="red">{t('links.invalidRow')}</Alert>}
      {save.error && <Alert color="red">{errorText(t, save.error)}</Alert>}
      {save.isSuccess && badRows.size === 0 && (
        <Text c="green" size="sm">
          {t('common.saved')}
        </Text>
      )}
      {canEdit && (
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending} data-testid="site-links-save">
            {t('links.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
