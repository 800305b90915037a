import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** The filters as typed: dates as `yyyy-mm-dd` of the operator's own day. */
export interface AuditFilterValues {
  action: string;
  operatorId: string;
  subjectId: string;
  fromDate: string;
  toDate: string;
}

export const emptyAuditFilters: AuditFilterValues = {
  action: '',
  operatorId: '',
  subjectId: '',
  fromDate: '',
  toDate: '',
};

const DAY_MS = 24 * 60 * 60 * 1000;

function localDayStartMs(date: string): number | undefined {
  if (date === '') return undefined;
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return undefined;
  return new Date(year, month - 1, day).getTime();
}

/** The query of the audit-log call: blanks left out, the "to" day counted whole. */
export function auditQueryOf(values: AuditFilterValues) {
  const toDayStart = localDayStartMs(values.toDate);
  const operatorId = Number.parseInt(values.operatorId.trim(), 10);
  return {
    action: values.action.trim() || undefined,
    operatorId: Number.isSafeInteger(operatorId) && operatorId > 0 ? operatorId : undefined,
    subjectId: values.subjectId.trim() || undefined,
    fromMs: localDayStartMs(values.fromDate),
    toMs: toDayStart === undefined ? undefined : toDayStart + DAY_MS - 1,
  };
}

export function AuditFilters({ onApply }: { onApply: (values: AuditFilterValues) => void }) {
  const { t } = useTranslation();
  const form = useForm<AuditFilterValues>({ defaultValues: emptyAuditFilters });
  return (
    <form onSubmit={form.handleSubmit(onApply)}>
      <Group align="flex-end" gap="sm">
        <TextInput label={t('audit.action')} w={180} {...form.register('action')} />
        <TextInput label={t('audit.operatorId')} w={120} {...form.register('operatorId')} />
        <TextInput label={t('audit.subjectId')} w={180} {...form.register('subjectId')} />
        <TextInput type="date" label={t('audit.from')} {...form.register('fromDate')} />
        <TextInput type="date" label={t('audit.to')} {...form.register('toDate')} />
        <Button type="submit" data-testid="audit-apply">
          {t('audit.apply')}
        </Button>
        <Button
          variant="default"
          onClick={() => {
            form.reset(emptyAuditFilters);
            onApply(emptyAuditFilters);
          }}
        >
          {t('audit.clear')}
        </Button>
      </Group>
    </form>
  );
}
