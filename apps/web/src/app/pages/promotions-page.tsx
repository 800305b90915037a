import { Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import PromotionList from '../../features/content/components/promotion-list';

/** SPEC §2 /promotions (banner group w_promotions from the layout). Loaded lazily. */
export default function PromotionsPage() {
  const { t } = useTranslation('layout');
  return (
    <Stack gap="lg" maw={960} mx="auto">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {t('promotions')}
          </Title>
          <PromotionList />
        </Stack>
      </Paper>
    </Stack>
  );
}
