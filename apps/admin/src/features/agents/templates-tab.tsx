import { agentContractKinds } from '@app/contract';
import { Badge, Button, Group, NativeSelect, Stack } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { formatDateTime } from '../../lib/format';
import { type AgentContractTemplate, type TemplateFilters, templatePages } from './api/terms-calls';
import { termsSummary } from './terms-editor';
import type { TermsDialog } from './terms-modals';

function templateColumns(
  t: TFunction,
  onEdit: ((template: AgentContractTemplate) => void) | null,
): DataTableColumn<AgentContractTemplate>[] {
  return [
    { key: 'name', header: t('templates.name'), cell: (row) => row.name },
    { key: 'kind', header: t('contracts.kind'), cell: (row) => t(`kinds.${row.kind}`) },
    {
      key: 'terms',
      header: t('templates.terms'),
      cell: (row) => termsSummary(t, row.kind, row.terms),
    },
    {
      key: 'active',
      header: t('contracts.status'),
      cell: (row) => (
        <Badge variant="light" color={row.active ? 'green' : 'gray'}>
          {row.active ? t('templates.active') : t('templates.inactive')}
        </Badge>
      ),
    },
    {
      key: 'updatedAt',
      header: t('templates.updatedAt'),
      cell: (row) => formatDateTime(row.updatedAt),
    },
    {
      key: 'actions',
      header: '',
      cell: (row) =>
        onEdit ? (
          <Button
            size="compact-xs"
            variant="light"
            data-testid="template-edit"
            onClick={() => onEdit(row)}
          >
            {t('templates.editButton')}
          </Button>
        ) : null,
    },
  ];
}

/** The merchant's contract templates: what uplines may offer their downline agents. */
export function TemplatesTab(props: {
  t: TFunction;
  onOpen: ((dialog: TermsDialog) => void) | null;
}) {
  const { t, onOpen } = props;
  const [filters, setFilters] = useState<TemplateFilters>({});
  const pages = templatePages(filters);
  return (
    <Stack>
      <Group align="flex-end" justify="space-between">
        <Group align="flex-end">
          <NativeSelect
            label={t('contracts.kind')}
            data={[
              { value: '', label: t('all') },
              ...agentContractKinds.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) })),
            ]}
            value={filters.kind ?? ''}
            onChange={(event) =>
              setFilters({
                ...filters,
                kind: (event.currentTarget.value || undefined) as TemplateFilters['kind'],
              })
            }
          />
          <NativeSelect
            label={t('contracts.status')}
            data={[
              { value: '', label: t('all') },
              { value: 'true', label: t('templates.active') },
              { value: 'false', label: t('templates.inactive') },
            ]}
            value={filters.active ?? ''}
            onChange={(event) =>
              setFilters({
                ...filters,
                active: (event.currentTarget.value || undefined) as TemplateFilters['active'],
              })
            }
          />
        </Group>
        {onOpen && (
          <Button data-testid="template-new" onClick={() => onOpen({ type: 'template' })}>
            {t('templates.new')}
          </Button>
        )}
      </Group>
      <DataTable
        columns={templateColumns(
          t,
          onOpen && ((template) => onOpen({ type: 'template', template })),
        )}
        rowKey={(row) => row.templateId}
        queryKey={pages.queryKey}
        fetchPage={pages.fetchPage}
        emptyText={t('templates.empty')}
        minWidth={820}
        testId="agent-templates-table"
      />
    </Stack>
  );
}
