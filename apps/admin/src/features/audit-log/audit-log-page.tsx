import { adminAuditLogCall, adminAuditVerifyCall } from '@app/contract';
import { Alert, Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callAdmin } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format';
import {
  AuditFilters,
  type AuditFilterValues,
  auditQueryOf,
  emptyAuditFilters,
} from './audit-filters';
import { changedFields } from './changed-fields';

/** Rows per page; the server allows up to AUDIT_LOG_PAGE_SIZE_MAX. */
const PAGE_SIZE = 50;

/** One side of a change: what differs from the other side, the whole value on hover. */
function Change({ value, whole }: { value: unknown; whole: unknown }) {
  if (value === null || value === undefined) return <Text c="dimmed">—</Text>;
  return (
    <Code title={JSON.stringify(whole)} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
      {JSON.stringify(value)}
    </Code>
  );
}

function ChangeCells({ before, after }: { before: unknown; after: unknown }) {
  const changed = changedFields(before, after);
  return (
    <>
      <Table.Td maw={240}>
        <Change value={changed.before} whole={before} />
      </Table.Td>
      <Table.Td maw={240}>
        <Change value={changed.after} whole={after} />
      </Table.Td>
    </>
  );
}

function VerifyChain() {
  const { t } = useTranslation();
  const verify = useMutation({ mutationFn: () => callAdmin(adminAuditVerifyCall) });
  const result = verify.data;
  return (
    <Stack gap="xs">
      <Group>
        <Button
          variant="default"
          onClick={() => verify.mutate()}
          loading={verify.isPending}
          data-testid="audit-verify"
        >
          {t('audit.verify')}
        </Button>
      </Group>
      {verify.error && <Alert color="red">{errorText(t, verify.error)}</Alert>}
      {result && (
        <Alert color={result.valid ? 'teal' : 'red'} data-testid="audit-verify-result">
          {result.valid
            ? t('audit.chainValid', { count: result.checkedCount })
            : t('audit.chainBroken', { count: result.checkedCount, id: result.firstBrokenId })}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The audit log, newest first, a page at a time by key (the id after which the next page
 * starts): as fast on the millionth row as on the first. "Previous" walks back the cursors seen.
 */
export default function AuditLogPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AuditFilterValues>(emptyAuditFilters);
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const afterId = cursors[cursors.length - 1];
  const log = useQuery({
    queryKey: ['audit-log', filters, afterId],
    queryFn: ({ signal }) =>
      callAdmin(adminAuditLogCall, {
        query: { ...auditQueryOf(filters), afterId, pageSize: PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const rows = log.data?.list ?? [];
  const nextAfterId = log.data?.nextAfterId ?? null;
  return (
    <Stack>
      <Title order={2}>{t('audit.title')}</Title>
      <VerifyChain />
      <AuditFilters
        onApply={(values) => {
          setFilters(values);
          setCursors([undefined]);
        }}
      />
      {log.error && <Alert color="red">{errorText(t, log.error)}</Alert>}
      <Table.ScrollContainer minWidth={960}>
        <Table striped withTableBorder data-testid="audit-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('audit.at')}</Table.Th>
              <Table.Th>{t('audit.operator')}</Table.Th>
              <Table.Th>{t('audit.action')}</Table.Th>
              <Table.Th>{t('audit.subject')}</Table.Th>
              <Table.Th>{t('audit.ip')}</Table.Th>
              <Table.Th>{t('audit.before')}</Table.Th>
              <Table.Th>{t('audit.after')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid="audit-row">
                <Table.Td>{formatDateTime(row.createdAtMs)}</Table.Td>
                <Table.Td>
                  {row.operatorUsername ?? '—'}
                  {row.role && (
                    <Text size="xs" c="dimmed">
                      {t(`roles.${row.role}`)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{row.action}</Table.Td>
                <Table.Td>
                  {row.subjectType} {row.subjectId}
                </Table.Td>
                <Table.Td>{row.ip ?? '—'}</Table.Td>
                <ChangeCells before={row.before} after={row.after} />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {log.data && rows.length === 0 && <Text c="dimmed">{t('audit.empty')}</Text>}
      <Group justify="flex-end">
        <Button
          variant="default"
          disabled={cursors.length <= 1}
          onClick={() => setCursors((current) => current.slice(0, -1))}
        >
          {t('audit.previous')}
        </Button>
        <Button
          variant="default"
          disabled={nextAfterId === null}
          onClick={() => nextAfterId !== null && setCursors((current) => [...current, nextAfterId])}
          data-testid="audit-next"
        >
          {t('audit.next')}
        </Button>
      </Group>
    </Stack>
  );
}
