import { adminMembersCall } from '@app/contract';
import { Button, Group, NativeSelect, Paper, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MemberSearch, useMemberLabels } from './api/member-calls';

/** The form's fields, as typed (text); the search is built from them and checked by the contract. */
const emptyFields = {
  account: '',
  memberId: '',
  phone: '',
  email: '',
  realName: '',
  lastLoginIp: '',
  labelId: '',
  status: '',
  kind: '',
  registeredFrom: '',
  registeredTo: '',
};
type SearchFields = typeof emptyFields;
type FieldName = keyof SearchFields;

/** A local calendar day's first millisecond, or undefined for an empty field. */
function dayStartMs(day: string, plusDays = 0): number | undefined {
  if (day === '') return undefined;
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 0, (month ?? 1) - 1, (date ?? 1) + plusDays).getTime();
}

function searchOf(fields: SearchFields) {
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    account: text(fields.account),
    memberId: text(fields.memberId),
    phone: text(fields.phone),
    email: text(fields.email),
    realName: text(fields.realName),
    lastLoginIp: text(fields.lastLoginIp),
    labelId: text(fields.labelId),
    status: text(fields.status),
    kind: text(fields.kind),
    registeredFromMs: dayStartMs(fields.registeredFrom),
    // The "to" day is included: the search ends at the next day's start.
    registeredToMs: dayStartMs(fields.registeredTo, 1),
  };
}

/** The form field a schema issue points at (the dates are searched as milliseconds). */
function fieldOfIssue(path: PropertyKey | undefined): FieldName | undefined {
  if (path === 'registeredFromMs') return 'registeredFrom';
  if (path === 'registeredToMs') return 'registeredTo';
  return typeof path === 'string' && path in emptyFields ? (path as FieldName) : undefined;
}

export function MemberSearchForm({ onSearch }: { onSearch: (search: MemberSearch) => void }) {
  const { t } = useTranslation();
  const labels = useMemberLabels();
  const [fields, setFields] = useState<SearchFields>(emptyFields);
  const [invalid, setInvalid] = useState<Set<FieldName>>(new Set());
  const input = (name: FieldName) => ({
    value: fields[name],
    error: invalid.has(name) ? t('form.invalid') : undefined,
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setFields((current) => ({ ...current, [name]: value }));
    },
    'data-testid': `member-search-${name}`,
  });
  // A native select: Mantine's Select would bring its popover code into the console's first load.
  const select = (name: FieldName, options: { value: string; label: string }[]) => ({
    value: fields[name],
    data: [{ value: '', label: t('members.search.any') }, ...options],
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setFields((current) => ({ ...current, [name]: value }));
    },
    'data-testid': `member-search-${name}`,
  });
  const submit = () => {
    const parsed = adminMembersCall.query?.safeParse(searchOf(fields));
    if (!parsed) return;
    if (!parsed.success) {
      const names = parsed.error.issues.map((issue) => fieldOfIssue(issue.path[0]));
      setInvalid(new Set(names.filter((name): name is FieldName => name !== undefined)));
      return;
    }
    setInvalid(new Set());
    const { afterId: _afterId, ...search } = parsed.data;
    onSearch(search);
  };
  return (
    <Paper withBorder p="md">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <TextInput label={t('members.search.account')} {...input('account')} />
          <TextInput label={t('members.search.memberId')} {...input('memberId')} />
          <TextInput label={t('members.search.phone')} {...input('phone')} />
          <TextInput label={t('members.search.email')} {...input('email')} />
          <TextInput label={t('members.search.realName')} {...input('realName')} />
          <TextInput label={t('members.search.lastLoginIp')} {...input('lastLoginIp')} />
          <NativeSelect
            label={t('members.search.label')}
            {...select(
              'labelId',
              (labels.data?.list ?? []).map((label) => ({ value: label.id, label: label.name })),
            )}
          />
          <NativeSelect
            label={t('members.search.status')}
            {...select('status', [
              { value: 'active', label: t('members.status.active') },
              { value: 'locked', label: t('members.status.locked') },
            ])}
          />
          <NativeSelect
            label={t('members.search.kind')}
            {...select(
              'kind',
              (['member', 'agent', 'trial'] as const).map((kind) => ({
                value: kind,
                label: t(`members.kind.${kind}`),
              })),
            )}
          />
          <TextInput
            type="date"
            label={t('members.search.registeredFrom')}
            {...input('registeredFrom')}
          />
          <TextInput
            type="date"
            label={t('members.search.registeredTo')}
            {...input('registeredTo')}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button
            variant="default"
            onClick={() => {
              setFields(emptyFields);
              setInvalid(new Set());
              onSearch({ pageSize: MEMBERS_PAGE_SIZE });
            }}
          >
            {t('members.search.clear')}
          </Button>
          <Button type="submit" data-testid="member-search-submit">
            {t('members.search.submit')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

/** Rows a page: the server's default, well under its maximum. */
export const MEMBERS_PAGE_SIZE = 20;
