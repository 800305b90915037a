import {
  type AuditLogEntry,
  adminAuditLogCall,
  adminAuditVerifyCall,
  adminExportPaths,
} from '@app/contract';
import { Alert, Box, Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, withQuery } from '../../components/data-table';
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

/** One side of a change: what differs from the other side, the whole value on hover. */
function Change({ value, whole }: { value: unknown; whole: unknown }) {
  if (value === null || value === undefined) return <Text c="dimmed">—</Text>;
  return (
    <Code title={JSON.stringify(whole)} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
      {JSON.stringify(value)}
    </Code>
  );
}

function ChangeCell({ row, side }: { row: AuditLogEntry; side: 'before' | 'after' }) {
  const changed = changedFields(row.before, row.after);
  return (
    <Box maw={240}>
      <Change value={changed[side]} whole={row[side]} />
    </Box>
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

function auditColumns(t: TFunction): DataTableColumn<AuditLogEntry>[] {
  return [
    { key: 'at', header: t('audit.at'), cell: (row) => formatDateTime(row.createdAtMs) },
    {
      key: 'operator',
      header: t('audit.operator'),
      cell: (row) => (
        <>
          {row.operatorUsername ?? '—'}
          {row.role && (
            <Text size="xs" c="dimmed">
              {t(`roles.${row.role}`)}
            </Text>
          )}
        </>
      ),
    },
    { key: 'action', header: t('audit.action'), cell: (row) => row.action },
    {
      key: 'subject',
      header: t('audit.subject'),
      cell: (row) => `${row.subjectType} ${row.subjectId}`,
    },
    { key: 'ip', header: t('audit.ip'), cell: (row) => row.ip ?? '—' },
    {
      key: 'before',
      header: t('audit.before'),
      cell: (row) => <ChangeCell row={row} side="before" />,
    },
    {
      key: 'after',
      header: t('audit.after'),
      cell: (row) => <ChangeCell row={row} side="after" />,
    },
  ];
}

/** Rows per page; the server allows up to CURSOR_PAGE_LIMIT_MAX. */
const PAGE_SIZE = 50;

/**
 * The audit log, newest first, a page at a time by cursor (the shared DataTable): as fast on
 * the millionth row as on the first. "Newer" walks back the cursors seen.
 */
export default function AuditLogPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AuditFilterValues>(emptyAuditFilters);
  const query = auditQueryOf(filters);
  return (
    <Stack>
      <Title order={2}>{t('audit.title')}</Title>
      <VerifyChain />
      <AuditFilters onApply={setFilters} />
      <DataTable
        columns={auditColumns(t)}
        rowKey={(row) => row.id}
        rowProps={() => ({ 'data-testid': 'audit-row' })}
        queryKey={['audit-log', query]}
        fetchPage={(cursor, signal) =>
          callAdmin(adminAuditLogCall, { query: { ...query, cursor, limit: PAGE_SIZE }, signal })
        }
        exportHref={withQuery(adminExportPaths.auditLog, query)}
        emptyText={t('audit.empty')}
        minWidth={960}
        testId="audit-table"
        nextTestId="audit-next"
        previousLabel={t('audit.previous')}
        nextLabel={t('audit.next')}
      />
    </Stack>
  );
}
