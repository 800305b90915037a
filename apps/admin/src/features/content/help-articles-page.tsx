import {
  type AdminHelpArticle,
  type AdminHelpArticleRow,
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
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import { MissingLanguages } from '../../components/missing-languages';
import { RichTextEditor } from '../../components/rich-text-editor';
import { useCan } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import { helpArticlePages, useReorder, useSaveHelpArticle } from './api/content-calls';
import { DeleteButton, EnabledSwitch, fieldErrorsOf, LanguageSelect } from './content-ui';
import { withMoves, withoutMoves } from './page-moves';
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
          t={t}
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
function inSiteOrder(rows: readonly AdminHelpArticleRow[]): AdminHelpArticleRow[] {
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
  const pages = helpArticlePages(language ? { language } : {}, (rows) =>
    withMoves(inSiteOrder(rows), (left, right) => left.language === right.language),
  );
  const reorder = useReorder();
  const [editing, setEditing] = useState<AdminHelpArticle | 'new' | null>(null);
  const move = (ids: string[] | null) => ids && reorder.mutate({ kind: 'help', ids });

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
          }}
        />
      </Group>
      {reorder.error && <Alert color="red">{errorText(t, reorder.error)}</Alert>}
      <DataTable
        columns={[
          {
            key: 'title',
            header: t('common.title'),
            cell: (article) => (
              <>
                <Text size="sm">{article.title}</Text>
                <MissingLanguages
                  languages={article.missingLanguages}
                  label={(languages) => t('help.missingLanguages', { languages })}
                  hint={t('help.missingLanguagesHint')}
                />
              </>
            ),
          },
          {
            key: 'tag',
            header: t('help.tag'),
            cell: (article) => (
              <Text size="sm" ff="monospace">
                {article.tag}
              </Text>
            ),
          },
          { key: 'language', header: t('common.language'), cell: (article) => article.language },
          {
            key: 'enabled',
            header: t('common.enabled'),
            cell: (article) => (
              <EnabledSwitch kind="help" id={article.id} enabled={article.enabled} />
            ),
          },
          {
            key: 'actions',
            header: '',
            cell: (article) =>
              canEdit && (
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="xs"
                    variant="subtle"
                    aria-label={t('common.moveUp')}
                    onClick={() => move(article.upIds)}
                  >
                    ↑
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    aria-label={t('common.moveDown')}
                    onClick={() => move(article.downIds)}
                  >
                    ↓
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setEditing(withoutMoves(article))}
                  >
                    {t('common.edit')}
                  </Button>
                  <DeleteButton kind="help" id={article.id} title={article.title} />
                </Group>
              ),
          },
        ]}
        rowKey={(article) => article.id}
        rowProps={() => ({ 'data-testid': 'help-row' })}
        queryKey={pages.queryKey}
        fetchPage={pages.fetchPage}
        emptyText={t('common.empty')}
        previousLabel={t('common.newer')}
        nextLabel={t('common.older')}
        minWidth={760}
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
