import { adminExportPaths } from '@app/contract/client';
import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, withQuery } from '../../components/data-table';
import { useCan } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { formatAmount, formatDateTime } from '../../lib/format';
import {
  type MemberProfile,
  memberGameRecordPages,
  memberLoginPages,
  memberLotteryBetPages,
  memberNotePages,
  memberStatementPages,
  useAddNote,
  useCreateLabel,
  useFirstPage,
  useMemberLabels,
  useSetLabel,
} from './api/member-calls';
import { FailedLogins } from './failed-logins';
import { PendingAdjustments } from './pending-adjustments';

type Login = MemberProfile['recentLogins'][number];

/** The login columns, shared by the profile's recent logins and the Logins tab. */
function useLoginColumns() {
  const { t } = useTranslation();
  return [
    {
      key: 'at',
      header: t('members.logins.at'),
      cell: (login: Login) => formatDateTime(login.atMs),
    },
    { key: 'ip', header: t('members.logins.ip'), cell: (login: Login) => login.ip ?? '—' },
    {
      key: 'device',
      header: t('members.logins.device'),
      cell: (login: Login) => (
        <Text size="xs" lineClamp={2} title={login.device ?? ''} maw={360}>
          {login.device ?? '—'}
        </Text>
      ),
    },
    {
      key: 'result',
      header: t('members.logins.result'),
      cell: (login: Login) => (
        <>
          <Badge color="teal" variant="light">
            {t('members.logins.success')}
          </Badge>
          {login.endedAtMs && (
            <Text size="xs" c="dimmed">
              {t('members.logins.ended', { at: formatDateTime(login.endedAtMs) })}
            </Text>
          )}
        </>
      ),
    },
  ];
}

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
function LoginRows({ memberId, logins }: { memberId: string; logins: Login[] }) {
  const { t } = useTranslation();
  return (
    <DataTable
      columns={useLoginColumns()}
      rowKey={(login) => login.id}
      queryKey={['members', 'recent-logins', memberId, logins.map((login) => login.id).join()]}
      fetchPage={async () => ({ items: logins, nextCursor: null })}
      testId="member-logins"
      emptyText={t('members.noRows')}
      emptyTestId="member-logins-empty"
    />
  );
}

export function LoginsTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const pages = memberLoginPages(memberId);
  return (
    <Stack>
      <DataTable
        columns={useLoginColumns()}
        rowKey={(login) => login.id}
        queryKey={pages.queryKey}
        fetchPage={pages.fetchPage}
        testId="member-logins"
        emptyText={t('members.noRows')}
        emptyTestId="member-logins-empty"
        previousLabel={t('members.previous')}
        nextLabel={t('members.next')}
      />
      <FailedLogins memberId={memberId} />
    </Stack>
  );
}

export function BalancesTab({ member }: { member: MemberProfile }) {
  const { t } = useTranslation();
  const statement = memberStatementPages(member.id);
  return (
    <Stack>
      <Group data-testid="member-balances">
        {member.balances.map((balance) => (
          <Paper key={`${balance.asset}-${balance.wallet}`} withBorder p="sm" miw={180}>
            <Text size="xs" c="dimmed">
              {balance.wallet} · {balance.asset}
            </Text>
            <Text fw={600} size="lg" data-testid={`member-balance-${balance.asset}`}>
              {formatAmount(balance.available)} {balance.currency}
            </Text>
          </Paper>
        ))}
        {member.balances.length === 0 && <Text c="dimmed">{t('members.noBalance')}</Text>}
      </Group>
      <Text fw={500}>{t('members.pending.forMember')}</Text>
      <PendingAdjustments memberId={member.id} />
      <Text fw={500}>{t('members.statement.title')}</Text>
      <DataTable
        columns={[
          {
            key: 'at',
            header: t('members.statement.at'),
            cell: (line) => formatDateTime(line.atMs),
          },
          { key: 'code', header: t('members.statement.code'), cell: (line) => line.code },
          {
            key: 'wallet',
            header: t('members.statement.wallet'),
            cell: (line) => `${line.wallet} · ${line.asset}`,
          },
          {
            key: 'amount',
            header: t('members.statement.amount'),
            align: 'right',
            cell: (line) => (
              <Text span c={line.amount < 0 ? 'red' : 'teal'}>
                {line.amount > 0 ? '+' : ''}
                {formatAmount(line.amount)} {line.currency}
              </Text>
            ),
          },
          {
            key: 'balanceAfter',
            header: t('members.statement.balanceAfter'),
            amount: { value: (line) => line.balanceAfter, currency: (line) => line.currency },
          },
        ]}
        rowKey={(line) => line.id}
        queryKey={statement.queryKey}
        fetchPage={statement.fetchPage}
        exportHref={withQuery(adminExportPaths.memberStatement, { memberId: member.id })}
        testId="member-statement"
        emptyText={t('members.noRows')}
        emptyTestId="statement-empty"
      />
    </Stack>
  );
}

export function GamesTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const pages = memberGameRecordPages(memberId);
  const first = useFirstPage(pages);
  return (
    <Stack>
      {first.error && <Alert color="red">{errorText(t, first.error)}</Alert>}
      {first.data && (
        <Text size="sm" c="dimmed">
          {t('members.games.totals', {
            stake: formatAmount(first.data.totals.stake),
            profit: formatAmount(first.data.totals.profit),
          })}
        </Text>
      )}
      <DataTable
        columns={[
          {
            key: 'startedAt',
            header: t('members.games.startedAt'),
            cell: (round) => formatDateTime(round.startedAt),
          },
          {
            key: 'game',
            header: t('members.games.game'),
            cell: (round) => (
              <>
                {round.gameName ?? round.gameCode ?? '—'}
                <Text size="xs" c="dimmed">
                  {round.vendorName}
                </Text>
              </>
            ),
          },
          { key: 'status', header: t('members.games.status'), cell: (round) => round.status },
          {
            key: 'stake',
            header: t('members.games.stake'),
            align: 'right',
            cell: (round) => formatAmount(round.stake),
          },
          {
            key: 'win',
            header: t('members.games.win'),
            align: 'right',
            cell: (round) => formatAmount(round.win),
          },
          {
            key: 'profit',
            header: t('members.games.profit'),
            align: 'right',
            cell: (round) => (
              <Text span c={round.profit < 0 ? 'red' : 'teal'}>
                {formatAmount(round.profit)}
              </Text>
            ),
          },
        ]}
        rowKey={(round) => round.roundId}
        queryKey={pages.queryKey}
        fetchPage={pages.fetchPage}
        testId="member-games"
        emptyText={t('members.noRows')}
        emptyTestId="games-empty"
      />
    </Stack>
  );
}

export function LotteryTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const pages = memberLotteryBetPages(memberId);
  return (
    <DataTable
      columns={[
        {
          key: 'placedAt',
          header: t('members.lottery.placedAt'),
          cell: (bet) => formatDateTime(bet.placedAtMs),
        },
        {
          key: 'game',
          header: t('members.lottery.game'),
          cell: (bet) => (
            <>
              {bet.gameCode}
              <Text size="xs" c="dimmed">
                {bet.drawNo}
              </Text>
            </>
          ),
        },
        {
          key: 'bet',
          header: t('members.lottery.bet'),
          cell: (bet) => `${bet.betType}: ${bet.numbers.join(', ')}`,
        },
        {
          key: 'stake',
          header: t('members.lottery.stake'),
          align: 'right',
          cell: (bet) => formatAmount(bet.stake),
        },
        { key: 'status', header: t('members.lottery.status'), cell: (bet) => bet.status },
        {
          key: 'payout',
          header: t('members.lottery.payout'),
          align: 'right',
          cell: (bet) => formatAmount(bet.payout),
        },
      ]}
      rowKey={(bet) => bet.betId}
      queryKey={pages.queryKey}
      fetchPage={pages.fetchPage}
      testId="member-lottery"
      emptyText={t('members.noRows')}
      emptyTestId="lottery-empty"
    />
  );
}

export function NotesTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const notes = memberNotePages(memberId);
  const addNote = useAddNote(memberId);
  const [body, setBody] = useState('');
  return (
    <Stack>
      {can('members:notes') && (
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Textarea
              label={t('members.notes.new')}
              description={t('members.notes.appendOnly')}
              value={body}
              maxLength={2000}
              autosize
              minRows={2}
              onChange={(event) => setBody(event.currentTarget.value)}
              data-testid="member-note-body"
            />
            {addNote.error && <Alert color="red">{errorText(t, addNote.error)}</Alert>}
            <Group justify="flex-end">
              <Button
                disabled={body.trim() === ''}
                loading={addNote.isPending}
                onClick={() => addNote.mutate(body.trim(), { onSuccess: () => setBody('') })}
                data-testid="member-note-add"
              >
                {t('members.notes.add')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      <DataTable
        columns={[
          {
            key: 'at',
            header: t('members.notes.at'),
            cell: (note) => formatDateTime(note.atMs),
          },
          {
            key: 'operator',
            header: t('members.notes.operator'),
            cell: (note) => note.operatorUsername,
          },
          {
            key: 'body',
            header: t('members.notes.body'),
            cell: (note) => (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {note.body}
              </Text>
            ),
          },
        ]}
        rowKey={(note) => note.id}
        rowProps={() => ({ 'data-testid': 'member-note' })}
        queryKey={notes.queryKey}
        fetchPage={notes.fetchPage}
        testId="member-notes"
        emptyText={t('members.noRows')}
        emptyTestId="notes-empty"
        previousLabel={t('members.previous')}
        nextLabel={t('members.next')}
      />
    </Stack>
  );
}
