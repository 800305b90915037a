import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { formatAmount, formatDateTime } from '../../lib/format';
import {
  type MemberProfile,
  useAddNote,
  useCreateLabel,
  useMemberGameRecords,
  useMemberLabels,
  useMemberLogins,
  useMemberLotteryBets,
  useMemberNotes,
  useMemberStatement,
  useSetLabel,
} from './api/member-calls';
import { PendingAdjustments } from './pending-adjustments';

function Empty({ shown, testId }: { shown: boolean; testId: string }) {
  const { t } = useTranslation();
  if (!shown) return null;
  return (
    <Text c="dimmed" data-testid={testId}>
      {t('members.noRows')}
    </Text>
  );
}

function DataTable({
  head,
  children,
  testId,
}: {
  head: string[];
  children: ReactNode;
  testId: string;
}) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {head.map((label) => (
              <Table.Th key={label}>{label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Pager({
  pageNo,
  totalPages,
  onChange,
}: {
  pageNo: number;
  totalPages: number;
  onChange: (pageNo: number) => void;
}) {
  if (totalPages <= 1) return null;
  return (
    <Group justify="flex-end">
      <Pagination value={pageNo} total={totalPages} onChange={onChange} size="sm" />
    </Group>
  );
}

/** "Newer" and "Older" over cursors seen: keyset paging needs no page count. */
function useCursors() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return {
    afterId: cursors[cursors.length - 1],
    controls: (nextAfterId: string | null | undefined) => (
      <CursorButtons
        canBack={cursors.length > 1}
        nextAfterId={nextAfterId ?? null}
        onBack={() => setCursors((current) => current.slice(0, -1))}
        onNext={(next) => setCursors((current) => [...current, next])}
      />
    ),
  };
}

function CursorButtons(props: {
  canBack: boolean;
  nextAfterId: string | null;
  onBack: () => void;
  onNext: (next: string) => void;
}) {
  const { t } = useTranslation();
  if (!props.canBack && props.nextAfterId === null) return null;
  return (
    <Group justify="flex-end">
      <Button variant="default" size="xs" disabled={!props.canBack} onClick={props.onBack}>
        {t('members.previous')}
      </Button>
      <Button
        variant="default"
        size="xs"
        disabled={props.nextAfterId === null}
        onClick={() => props.nextAfterId && props.onNext(props.nextAfterId)}
      >
        {t('members.next')}
      </Button>
    </Group>
  );
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
      <LoginRows logins={member.recentLogins} />
    </Stack>
  );
}

function LoginRows({ logins }: { logins: MemberProfile['recentLogins'] }) {
  const { t } = useTranslation();
  return (
    <>
      <DataTable
        testId="member-logins"
        head={[
          t('members.logins.at'),
          t('members.logins.ip'),
          t('members.logins.device'),
          t('members.logins.result'),
        ]}
      >
        {logins.map((login) => (
          <Table.Tr key={login.id}>
            <Table.Td>{formatDateTime(login.atMs)}</Table.Td>
            <Table.Td>{login.ip ?? '—'}</Table.Td>
            <Table.Td maw={360}>
              <Text size="xs" lineClamp={2} title={login.device ?? ''}>
                {login.device ?? '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge color="teal" variant="light">
                {t('members.logins.success')}
              </Badge>
              {login.endedAtMs && (
                <Text size="xs" c="dimmed">
                  {t('members.logins.ended', { at: formatDateTime(login.endedAtMs) })}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      <Empty shown={logins.length === 0} testId="member-logins-empty" />
    </>
  );
}

export function LoginsTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const cursors = useCursors();
  const logins = useMemberLogins(memberId, cursors.afterId);
  return (
    <Stack>
      {logins.error && <Alert color="red">{errorText(t, logins.error)}</Alert>}
      {logins.data && <LoginRows logins={logins.data.list} />}
      {cursors.controls(logins.data?.nextAfterId)}
    </Stack>
  );
}

export function BalancesTab({ member }: { member: MemberProfile }) {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const statement = useMemberStatement(member.id, pageNo);
  const rows = statement.data?.list ?? [];
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
      {statement.error && <Alert color="red">{errorText(t, statement.error)}</Alert>}
      <DataTable
        testId="member-statement"
        head={[
          t('members.statement.at'),
          t('members.statement.code'),
          t('members.statement.wallet'),
          t('members.statement.amount'),
          t('members.statement.balanceAfter'),
        ]}
      >
        {rows.map((line) => (
          <Table.Tr key={line.id}>
            <Table.Td>{formatDateTime(line.atMs)}</Table.Td>
            <Table.Td>{line.code}</Table.Td>
            <Table.Td>
              {line.wallet} · {line.asset}
            </Table.Td>
            <Table.Td c={line.amount < 0 ? 'red' : 'teal'}>
              {line.amount > 0 ? '+' : ''}
              {formatAmount(line.amount)}
            </Table.Td>
            <Table.Td>
              {formatAmount(line.balanceAfter)} {line.currency}
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      <Empty shown={statement.data !== undefined && rows.length === 0} testId="statement-empty" />
      <Pager pageNo={pageNo} totalPages={statement.data?.totalPages ?? 0} onChange={setPageNo} />
    </Stack>
  );
}

export function GamesTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const records = useMemberGameRecords(memberId, pageNo);
  const rows = records.data?.list ?? [];
  return (
    <Stack>
      {records.error && <Alert color="red">{errorText(t, records.error)}</Alert>}
      {records.data && (
        <Text size="sm" c="dimmed">
          {t('members.games.totals', {
            stake: formatAmount(records.data.totals.stake),
            profit: formatAmount(records.data.totals.profit),
          })}
        </Text>
      )}
      <DataTable
        testId="member-games"
        head={[
          t('members.games.startedAt'),
          t('members.games.game'),
          t('members.games.status'),
          t('members.games.stake'),
          t('members.games.win'),
          t('members.games.profit'),
        ]}
      >
        {rows.map((round) => (
          <Table.Tr key={round.roundId}>
            <Table.Td>{formatDateTime(round.startedAt)}</Table.Td>
            <Table.Td>
              {round.gameName ?? round.gameCode ?? '—'}
              <Text size="xs" c="dimmed">
                {round.vendorName}
              </Text>
            </Table.Td>
            <Table.Td>{round.status}</Table.Td>
            <Table.Td>{formatAmount(round.stake)}</Table.Td>
            <Table.Td>{formatAmount(round.win)}</Table.Td>
            <Table.Td c={round.profit < 0 ? 'red' : 'teal'}>{formatAmount(round.profit)}</Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      <Empty shown={records.data !== undefined && rows.length === 0} testId="games-empty" />
      <Pager pageNo={pageNo} totalPages={records.data?.totalPages ?? 0} onChange={setPageNo} />
    </Stack>
  );
}

export function LotteryTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const bets = useMemberLotteryBets(memberId, pageNo);
  const rows = bets.data?.list ?? [];
  return (
    <Stack>
      {bets.error && <Alert color="red">{errorText(t, bets.error)}</Alert>}
      <DataTable
        testId="member-lottery"
        head={[
          t('members.lottery.placedAt'),
          t('members.lottery.game'),
          t('members.lottery.bet'),
          t('members.lottery.stake'),
          t('members.lottery.status'),
          t('members.lottery.payout'),
        ]}
      >
        {rows.map((bet) => (
          <Table.Tr key={bet.betId}>
            <Table.Td>{formatDateTime(bet.placedAtMs)}</Table.Td>
            <Table.Td>
              {bet.gameCode}
              <Text size="xs" c="dimmed">
                {bet.drawNo}
              </Text>
            </Table.Td>
            <Table.Td>
              {bet.betType}: {bet.numbers.join(', ')}
            </Table.Td>
            <Table.Td>{formatAmount(bet.stake)}</Table.Td>
            <Table.Td>{bet.status}</Table.Td>
            <Table.Td>{formatAmount(bet.payout)}</Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      <Empty shown={bets.data !== undefined && rows.length === 0} testId="lottery-empty" />
      <Pager pageNo={pageNo} totalPages={bets.data?.totalPages ?? 0} onChange={setPageNo} />
    </Stack>
  );
}

export function NotesTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const cursors = useCursors();
  const notes = useMemberNotes(memberId, cursors.afterId);
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
      {notes.error && <Alert color="red">{errorText(t, notes.error)}</Alert>}
      {(notes.data?.list ?? []).map((note) => (
        <Paper key={note.id} withBorder p="sm" data-testid="member-note">
          <Group justify="space-between" mb={4}>
            <Text size="sm" fw={500}>
              {note.operatorUsername}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(note.atMs)}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {note.body}
          </Text>
        </Paper>
      ))}
      <Empty
        shown={notes.data !== undefined && notes.data.list.length === 0}
        testId="notes-empty"
      />
      {cursors.controls(notes.data?.nextAfterId)}
    </Stack>
  );
}
