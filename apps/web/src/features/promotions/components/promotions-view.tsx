import { type PromotionCategory, promotionCategories } from '@app/contract/client';
import { Alert, Center, Loader, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePromotionList } from '../api/promotions-api';
import type { PromotionsAccess } from '../promotions-access';
import { usePromotionTexts } from '../promotions-texts';
import { PromotionCard } from './promotion-card';

type Tab = 'all' | PromotionCategory;

/** SPEC §2 /promotions: the categories as tabs, a card per promotion with the member's status. */
export default function PromotionsView({ access }: { access: PromotionsAccess }) {
  usePromotionTexts();
  const { t } = useTranslation('promotions');
  const [tab, setTab] = useState<Tab>('all');
  const { data, isPending, isError } = usePromotionList();
  const present = new Set(data?.list.map((card) => card.category));
  const tabs: Tab[] = ['all', ...promotionCategories.filter((category) => present.has(category))];
  const cards = (data?.list ?? []).filter((card) => tab === 'all' || card.category === tab);
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {t('title')}
      </Title>
      <Tabs value={tab} onChange={(value) => setTab((value as Tab) ?? 'all')}>
        <Tabs.List>
          {tabs.map((value) => (
            <Tabs.Tab key={value} value={value} data-testid={`promotion-tab-${value}`}>
              {t(`category_${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {isPending ? (
        <Center mih={200}>
          <Loader aria-label={t('loading')} />
        </Center>
      ) : isError ? (
        <Alert color="red">{t('failed')}</Alert>
      ) : cards.length === 0 ? (
        <Text c="dimmed">{t('empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="promotion-list">
          {cards.map((card) => (
            <PromotionCard key={card.id} card={card} access={access} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
