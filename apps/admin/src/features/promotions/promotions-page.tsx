import { Tabs, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useCan } from '../../lib/console-session';
import { ApplicationsTab } from './applications-tab';
import { PromotionsTab } from './promotions-tab';
import { usePromotionsTexts } from './texts';

// The bonus list is its own chunk: most visits are the catalogue and the applications queue.
const BonusesTab = lazy(() => import('./bonuses-tab'));

type Section = 'promotions' | 'applications' | 'bonuses';

/**
 * Promotions and bonuses (issue 19): the catalogue with its editor, state switch and cost
 * report; the activity applications queue with their images; the merchant's bonuses with their
 * wagering progress and the forfeit. Each tab shows only what the role may read or do.
 */
export default function PromotionsPage() {
  const { t } = usePromotionsTexts();
  const can = useCan();
  const [section, setSection] = useState<Section>('promotions');
  return (
    <>
      <Title order={2} mb="md">
        {t('title')}
      </Title>
      <Tabs value={section} onChange={(value) => value && setSection(value as Section)}>
        <Tabs.List mb="md">
          <Tabs.Tab value="promotions" data-testid="promotions-tab-promotions">
            {t('tabs.promotions')}
          </Tabs.Tab>
          <Tabs.Tab value="applications" data-testid="promotions-tab-applications">
            {t('tabs.applications')}
          </Tabs.Tab>
          {can('bonuses:read') && (
            <Tabs.Tab value="bonuses" data-testid="promotions-tab-bonuses">
              {t('tabs.bonuses')}
            </Tabs.Tab>
          )}
        </Tabs.List>
      </Tabs>
      {section === 'promotions' && <PromotionsTab />}
      {section === 'applications' && <ApplicationsTab />}
      {section === 'bonuses' && can('bonuses:read') && (
        <Suspense fallback={null}>
          <BonusesTab />
        </Suspense>
      )}
    </>
  );
}
