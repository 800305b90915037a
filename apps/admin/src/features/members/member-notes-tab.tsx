import { Alert, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { useCan } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format';
import { memberNotePages, useAddNote } from './api/member-calls';

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
