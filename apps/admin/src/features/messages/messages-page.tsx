import {
  type AdminMessage,
  type LanguageCode,
  languageCodes,
  MESSAGE_LANGUAGES_MAX,
  MESSAGE_RANK_MAX,
  type MessageAudience,
  messageAudiences,
} from '@app/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import { RichTextEditor } from '../../components/rich-text-editor';
import { useCan } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format';
import { sentPages, useMemberLabels, useSendMessage, useWithdrawMessage } from './api';
import { useMessagesTexts } from './texts';

interface TextDraft {
  /** A stable key for React while languages are added and removed. */
  key: number;
  language: LanguageCode;
  title: string;
  contentHtml: string;
}

let nextDraftKey = 1;
function emptyText(language: LanguageCode): TextDraft {
  nextDraftKey += 1;
  return { key: nextDraftKey, language, title: '', contentHtml: '' };
}

function SendModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useMessagesTexts();
  const [audience, setAudience] = useState<MessageAudience>('member');
  const [memberAccount, setMemberAccount] = useState('');
  const [labelId, setLabelId] = useState('');
  const [minRank, setMinRank] = useState<number>(1);
  const [texts, setTexts] = useState<TextDraft[]>(() => [emptyText('EN')]);
  const labels = useMemberLabels(opened && audience === 'label');
  const send = useSendMessage();
  const used = new Set(texts.map((text) => text.language));
  const change = (key: number, patch: Partial<TextDraft>) =>
    setTexts((list) => list.map((text) => (text.key === key ? { ...text, ...patch } : text)));

  const submit = () => {
    send.mutate(
      {
        audience,
        ...(audience === 'member' ? { memberAccount } : {}),
        ...(audience === 'label' ? { labelId } : {}),
        ...(audience === 'rank' ? { minRank } : {}),
        texts: texts.map(({ language, title, contentHtml }) => ({ language, title, contentHtml })),
      },
      {
        onSuccess: () => {
          setTexts([emptyText('EN')]);
          setMemberAccount('');
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('send.title')} size="xl">
      <Stack gap="sm">
        <Group grow align="flex-end">
          <NativeSelect
            label={t('send.audience')}
            value={audience}
            onChange={(event) => setAudience(event.currentTarget.value as MessageAudience)}
            data={messageAudiences.map((value) => ({
              value,
              label: t(`audience.${value}`),
            }))}
            data-testid="message-audience"
          />
          {audience === 'member' && (
            <TextInput
              label={t('send.memberAccount')}
              value={memberAccount}
              onChange={(event) => setMemberAccount(event.currentTarget.value)}
              data-testid="message-member"
            />
          )}
          {audience === 'label' && (
            <NativeSelect
              label={t('send.label')}
              value={labelId}
              onChange={(event) => setLabelId(event.currentTarget.value)}
              data={[
                { value: '', label: '—' },
                ...(labels.data?.list ?? []).map((label) => ({
                  value: label.id,
                  label: label.name,
                })),
              ]}
            />
          )}
          {audience === 'rank' && (
            <NumberInput
              label={t('send.minRank')}
              min={0}
              max={MESSAGE_RANK_MAX}
              value={minRank}
              onChange={(value) => setMinRank(Number(value) || 0)}
            />
          )}
        </Group>
        {audience === 'rank' && (
          <Text size="xs" c="dimmed">
            {t('send.rankNote')}
          </Text>
        )}
        {texts.map((text) => (
          <Paper key={text.key} withBorder p="sm">
            <Stack gap="xs">
              <Group align="flex-end">
                <NativeSelect
                  label={t('send.language')}
                  value={text.language}
                  onChange={(event) =>
                    change(text.key, { language: event.currentTarget.value as LanguageCode })
                  }
                  data={languageCodes.map((code) => ({
                    value: code,
                    label: code,
                    disabled: code !== text.language && used.has(code),
                  }))}
                />
                <TextInput
                  style={{ flex: 1 }}
                  label={t('send.messageTitle')}
                  value={text.title}
                  onChange={(event) => change(text.key, { title: event.currentTarget.value })}
                  data-testid="message-title"
                />
                {texts.length > 1 && (
                  <Button
                    variant="subtle"
                    color="red"
                    onClick={() => setTexts((list) => list.filter((item) => item.key !== text.key))}
                  >
                    {t('send.removeLanguage')}
                  </Button>
                )}
              </Group>
              <RichTextEditor
                t={t}
                label={t('send.content')}
                initialHtml=""
                onChange={(html) => change(text.key, { contentHtml: html })}
                testId="message-editor"
              />
            </Stack>
          </Paper>
        ))}
        {texts.length < MESSAGE_LANGUAGES_MAX && (
          <Button
            variant="light"
            onClick={() => {
              const free = languageCodes.find((code) => !used.has(code));
              if (free) setTexts((list) => [...list, emptyText(free)]);
            }}
          >
            {t('send.addLanguage')}
          </Button>
        )}
        {send.error && (
          <Alert color="red" role="alert">
            {errorText(t, send.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('send.cancel')}
          </Button>
          <Button onClick={submit} loading={send.isPending} data-testid="message-send">
            {t('send.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function audienceText(t: (key: string) => string, message: AdminMessage): string {
  const kind = t(`audience.${message.audience}`);
  return message.audienceName ? `${kind}: ${message.audienceName}` : kind;
}

/** Platform messages: send one (to a member, a label, a rank and up, or everyone) and the sent list. */
export default function MessagesPage() {
  const { t } = useMessagesTexts();
  const can = useCan();
  const canSend = can('messages:send');
  const [sending, setSending] = useState(false);
  const withdraw = useWithdrawMessage();
  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={2}>{t('title')}</Title>
        {canSend && (
          <Button onClick={() => setSending(true)} data-testid="message-new">
            {t('send.open')}
          </Button>
        )}
      </Group>
      {!canSend && (
        <Alert color="gray" mb="md">
          {t('readOnly')}
        </Alert>
      )}
      <DataTable
        columns={[
          {
            key: 'title',
            header: t('list.title'),
            cell: (message) => (
              <>
                <Text size="sm" fw={500}>
                  {message.texts[0]?.title}
                </Text>
                <Group gap={4}>
                  <Badge
                    size="xs"
                    variant="light"
                    color={message.kind === 'system' ? 'gray' : 'blue'}
                  >
                    {t(`kind.${message.kind}`)}
                  </Badge>
                  {message.withdrawn && (
                    <Badge size="xs" variant="light" color="red">
                      {t('list.withdrawn')}
                    </Badge>
                  )}
                </Group>
              </>
            ),
          },
          {
            key: 'audience',
            header: t('list.audience'),
            cell: (message) => audienceText(t, message),
          },
          {
            key: 'languages',
            header: t('list.languages'),
            cell: (message) => message.texts.map((text) => text.language).join(', '),
          },
          { key: 'sentBy', header: t('list.sentBy'), cell: (message) => message.sentBy ?? '—' },
          {
            key: 'sentAt',
            header: t('list.sentAt'),
            cell: (message) => formatDateTime(message.sentAt),
          },
          {
            key: 'reads',
            header: t('list.reads'),
            align: 'right',
            cell: (message) => message.readCount,
          },
          {
            key: 'actions',
            header: '',
            cell: (message) =>
              canSend &&
              !message.withdrawn && (
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  loading={withdraw.isPending && withdraw.variables === message.id}
                  onClick={() => {
                    if (window.confirm(t('list.withdrawConfirm'))) withdraw.mutate(message.id);
                  }}
                >
                  {t('list.withdraw')}
                </Button>
              ),
          },
        ]}
        rowKey={(message) => message.id}
        rowProps={() => ({ 'data-testid': 'message-row' })}
        queryKey={sentPages.queryKey}
        fetchPage={sentPages.fetchPage}
        emptyText={t('list.empty')}
        minWidth={900}
      />
      {sending && <SendModal opened={sending} onClose={() => setSending(false)} />}
    </>
  );
}
