import { Accordion, Alert, Center, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePromotionAnnouncements } from '../api/content-api';
import { HtmlContent } from './html-content';

/**
 * The promotions the operator has announced (type PR), newest first, each unfolding to its
 * text. Stands for the promotions catalogue until that exists. Loaded lazily.
 */
export default function PromotionList() {
  const { t, i18n } = useTranslation('content');
  const { data, isPending, isError } = usePromotionAnnouncements();
  if (isPending) {
    return (
      <Center mih={200}>
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (isError) return <Alert color="red">{t('promotions_failed')}</Alert>;
  if (data.list.length === 0) return <Text c="dimmed">{t('promotions_empty')}</Text>;
  const first = data.list[0]?.id;
  return (
    <Accordion variant="separated" radius="md" defaultValue={first} data-testid="promotion-list">
      {data.list.map((item) => (
        <Accordion.Item key={item.id} value={item.id}>
          <Accordion.Control>
            <Text fw={600}>{item.title}</Text>
            <Text size="xs" c="dimmed">
              {new Date(item.publishedAt).toLocaleDateString(i18n.language, {
                dateStyle: 'medium',
              })}
            </Text>
          </Accordion.Control>
          <Accordion.Panel>
            <HtmlContent html={item.content} />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
