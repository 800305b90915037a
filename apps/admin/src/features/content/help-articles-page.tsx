import {
  type AdminHelpArticle,
  type HelpArticleInput,
  helpArticleInputSchema,
} from '@app/contract';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useCan } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { useCursor, useHelpArticles, useReorder, useSaveHelpArticle } from './api/content-calls';
import { DeleteButton, EnabledSwitch, fieldErrorsOf, LanguageSelect, Pager } from './content-ui';
import { RichTextEditor } from './rich-text-editor';
import { useContentTexts } from './texts';

function draftOf(article: AdminHelpArticle | null): HelpArticleInput {
  if (!article)
    return { language: 'EN', tag: '', title: '', contentHtml: '', sort: 0, enabled: true };
  const { createdAt: _createdAt, ...rest } = article;
  return { ...rest, language: article.language as HelpArticleInput['language'] };
}

function HelpArticleModal({
  article,
  onClose,
}: {
  article: AdminHelpArticle | null;
  onClose: () => void;
}) {
  const { t } = useContentTexts();
  const [draft, setDraft] = useState(() => draftOf(article));
  const [initialHtml] = useState(draft.contentHtml);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveHelpArticle(onClose);
  const set = <K extends keyof HelpArticleInput>(key: K, value: HelpArticleInput[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const fieldError = (field: string) => (errors[field] ? t(errors[field]) : undefined);
  const submit = () => {
    const found = fieldErrorsOf(helpArticleInputSchema, draft);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(draft);
  };
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={article ? t('help.editTitle') : t('help.newTitle')}
    >
      <Stack>
        <SimpleGrid cols={3}>
          <TextInput
            label={t('help.tag')}
            description={t('help.tagHint')}
            value={draft.tag}
            onChange={(event) => set('tag', event.currentTarget.value)}
            error={fieldError('tag')}
            data-testid="help-tag"
          />
          <LanguageSelect
            value={draft.language}
            onChange={(value) => set('language', value as HelpArticleInput['language'])}
          />
          <NumberInput
            label={t('common.order')}
            value={draft.sort}
            min={0}
            allowDecimal={false}
            onChange={(value) => set('sort', typeof value === 'number' ? value : 0)}
          />
        </SimpleGrid>
        <TextInput
          label={t('common.title')}
          value={draft.title}
          onChange={(event) => set('title', event.currentTarget.value)}
          error={fieldError('title')}
          data-testid="help-title"
        />
        <RichTextEditor
          label={t('help.content')}
          initialHtml={initialHtml}
          onChange={(html) => set('contentHtml', html)}
          error={fieldError('contentHtml')}
          testId="help-editor"
        />
        <Text size="xs" c="dimmed">
          {t('announcements.sanitizedNote')}
        </Text>
        <Switch
          label={t('common.enabled')}
          checked={draft.enabled}
          onChange={(event) => set('enabled', event.currentTarget.checked)}
        />
        {save.error && <Alert color="red">{errorText(t, save.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending} data-testid="help-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Articles in the help centre's order within each language. */
function inSiteOrder(rows: readonly AdminHelpArticle[]): AdminHelpArticle[] {
  return [...rows].sort(
    (left, right) =>
      left.language.localeCompare(right.language) ||
      left.sort - right.sort ||
      Number(left.id) - Number(right.id),
  );
}

export default function HelpArticlesPage() {
  const { t } = useContentTexts();
  const can = useCan();
  const canEdit = can('content:edit');
  const [language, setLanguage] = useState('');
  const cursor = useCursor();
  const list = useHelpArticles(language ? { language } : {}, cursor.afterId);
  const reorder = useReorder();
  const [editing, setEditing] = useState<AdminHelpArticle | 'new' | null>(null);
  const rows = inSiteOrder(list.data?.list ?? []);

  const move = (article: AdminHelpArticle, step: -1 | 1) => {
    const siblings = rows.filter((row) => row.language === article.language);
    const from = siblings.findIndex((row) => row.id === article.id);
    const to = from + step;
    if (to < 0 || to >= siblings.length) return;
    const ids = siblings.map((row) => row.id);
    [ids[from], ids[to]] = [ids[to] as string, ids[from] as string];
    reorder.mutate({ kind: 'help', ids });
  };

  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={2}>{t('help.title')}</Title>
        {canEdit && (
          <Button onClick={() => setEditing('new')} data-testid="help-new">
            {t('help.newTitle')}
          </Button>
        )}
      </Group>
      {!canEdit && (
        <Alert color="gray" mb="md">
          {t('common.readOnly')}
        </Alert>
      )}
      <Group mb="md">
        <LanguageSelect
          allowAll
          value={language}
          onChange={(value) => {
            setLanguage(value);
            cursor.reset();
          }}
        />
      </Group>
      {list.error && <Alert color="red">{errorText(t, list.error)}</Alert>}
      {reorder.error && <Alert color="red">{errorText(t, reorder.error)}</Alert>}
      {list.data && rows.length === 0 && <Text c="dimmed">{t('common.empty')}</Text>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table striped withTableBorder verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('common.title')}</Table.Th>
                <Table.Th>{t('help.tag')}</Table.Th>
                <Table.Th>{t('common.language')}</Table.Th>
                <Table.Th>{t('common.enabled')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((article) => (
                <Table.Tr key={article.id} data-testid="help-row">
                  <Table.Td>{article.title}</Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {article.tag}
                    </Text>
                  </Table.Td>
                  <Table.Td>{article.language}</Table.Td>
                  <Table.Td>
                    <EnabledSwitch kind="help" id={article.id} enabled={article.enabled} />
                  </Table.Td>
                  <Table.Td>
                    {canEdit && (
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="xs"
                          variant="subtle"
                          aria-label={t('common.moveUp')}
                          onClick={() => move(article, -1)}
                        >
                          ↑
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          aria-label={t('common.moveDown')}
                          onClick={() => move(article, 1)}
                        >
                          ↓
                        </Button>
                        <Button size="xs" variant="light" onClick={() => setEditing(article)}>
                          {t('common.edit')}
                        </Button>
                        <DeleteButton kind="help" id={article.id} title={article.title} />
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager
        hasNewer={cursor.hasNewer}
        nextAfterId={list.data?.nextAfterId}
        onNewer={cursor.newer}
        onOlder={cursor.older}
      />
      {editing && (
        <HelpArticleModal
          article={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
