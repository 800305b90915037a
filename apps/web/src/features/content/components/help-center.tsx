import { Alert, Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHelpCenter } from '../api/content-api';
import { HtmlContent } from './html-content';

/**
 * The help centre's articles; each is an anchor (`#tag`), and the one in the address is
 * scrolled to once the articles have loaded.
 */
export function HelpCenter({ hash }: { hash: string }) {
  const { t } = useTranslation('content');
  const { data: articles, isPending, isError } = useHelpCenter();
  const tag = decodeURIComponent(hash.replace(/^#/, ''));

  useEffect(() => {
    if (!articles || !tag) return;
    document.getElementById(`help-${tag}`)?.scrollIntoView({ block: 'start' });
  }, [articles, tag]);

  if (isPending) {
    return (
      <Center mih={200}>
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (isError || !articles) return <Alert color="red">{t('help_failed')}</Alert>;
  return (
    <Stack gap="xl">
      <nav aria-label={t('help_topics')}>
        <Stack gap={4}>
          {articles.map((article) => (
            <Anchor key={article.tag} component={Link} to={`#${article.tag}`}>
              {article.title}
            </Anchor>
          ))}
        </Stack>
      </nav>
      {articles.length === 0 && <Text c="dimmed">{t('help_empty')}</Text>}
      {articles.map((article) => (
        <section
          key={article.tag}
          id={`help-${article.tag}`}
          aria-labelledby={`help-title-${article.tag}`}
          style={{ scrollMarginTop: 80 }}
        >
          <Title order={2} fz="xl" id={`help-title-${article.tag}`} mb="xs">
            {article.title}
          </Title>
          <HtmlContent html={article.content} />
        </section>
      ))}
    </Stack>
  );
}
