import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format';
import {
  type MemberProfile,
  useCreateLabel,
  useMemberLabels,
  useSetLabel,
} from './api/member-calls';

import { LoginRows } from './member-logins-tab';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={160} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </Group>
  );
}

function LabelEditor({ member }: { member: MemberProfile }) {
  const { t } = useTranslation();
  const can = useCan();
  const labels = useMemberLabels();
  const setLabel = useSetLabel(member.id);
  const createLabel = useCreateLabel();
  const [newName, setNewName] = useState('');
  const editable = can('members:labels');
  const held = new Set(member.labels.map((label) => label.id));
  const addable = (labels.data?.list ?? []).filter((label) => !held.has(label.id));
  return (
    <Stack gap="xs">
      <Group gap="xs" data-testid="member-labels">
        {member.labels.length === 0 && <Text size="sm">—</Text>}
        {member.labels.map((label) => (
          <Badge
            key={label.id}
            variant="light"
            rightSection={
              editable ? (
                <Text
                  component="button"
                  type="button"
                  size="xs"
                  aria-label={t('members.labels.remove', { name: label.name })}
                  onClick={() => setLabel.mutate({ labelId: label.id, present: false })}
                  style={{ border: 0, background: 'none', cursor: 'pointer', color: 'inherit' }}
                >
                  ×
                </Text>
              ) : undefined
            }
          >
            {label.name}
          </Badge>
        ))}
      </Group>
      {editable && (
        <Group gap="xs" align="flex-end">
          <NativeSelect
            size="xs"
            data={[
              { value: '', label: t('members.labels.add') },
              ...addable.map((label) => ({ value: label.id, label: label.name })),
            ]}
            value=""
            onChange={(event) => {
              const labelId = event.currentTarget.value;
              if (labelId !== '') setLabel.mutate({ labelId, present: true });
            }}
            data-testid="member-label-add"
          />
          <TextInput
            size="xs"
            placeholder={t('members.labels.newName')}
            value={newName}
            maxLength={40}
            onChange={(event) => setNewName(event.currentTarget.value)}
            data-testid="member-label-new"
          />
          <Button
            size="xs"
            variant="default"
            disabled={newName.trim() === ''}
            loading={createLabel.isPending}
            onClick={() =>
              createLabel.mutate(newName.trim(), {
                onSuccess: (label) => {
                  setNewName('');
                  setLabel.mutate({ labelId: label.id, present: true });
                },
              })
            }
            data-testid="member-label-create"
          >
            {t('members.labels.create')}
          </Button>
        </Group>
      )}
      {(setLabel.error || createLabel.error) && (
        <Alert color="red">{errorText(t, setLabel.error ?? createLabel.error)}</Alert>
      )}
    </Stack>
  );
}

export function ProfileTab({ member }: { member: MemberProfile }) {
  const { t } = useTranslation();
  const fields = Object.entries(member.fields);
  return (
    <Stack>
      <Paper withBorder p="md">
        <Stack gap={6}>
          <Field label={t('members.id')}>{member.id}</Field>
          <Field label={t('members.nickname')}>{member.nickname || '—'}</Field>
          <Field label={t('members.kindLabel')}>
            {t(`members.kind.${member.kind}`)} ({member.type})
          </Field>
          <Field label={t('members.upline')}>{member.upline?.account ?? '—'}</Field>
          <Field label={t('members.registeredAt')}>
            {formatDateTime(member.registeredAtMs)} · {member.registerMethod ?? '—'} ·{' '}
            {member.registerIp ?? '—'}
          </Field>
          <Field label={t('members.lastLoginAt')}>
            {member.lastLoginAtMs ? formatDateTime(member.lastLoginAtMs) : '—'}
          </Field>
          {fields.map(([name, value]) => (
            <Field key={name} label={t(`members.fields.${name}`, { defaultValue: name })}>
              {value}
            </Field>
          ))}
          <Field label={t('members.labels.title')}>
            <LabelEditor member={member} />
          </Field>
        </Stack>
      </Paper>
      <Text fw={500}>{t('members.recentLogins')}</Text>
      <LoginRows memberId={member.id} logins={member.recentLogins} />
    </Stack>
  );
}

/** The profile's last logins: the list the profile call carried, one page. */
