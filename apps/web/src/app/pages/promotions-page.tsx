import { Paper } from '@mantine/core';
import PromotionsView from '../../features/promotions/components/promotions-view';
import { usePromotionsAccess } from './use-promotions-access';

/** SPEC §2 /promotions (banner group w_promotions from the layout). Loaded lazily. */
export default function PromotionsPage() {
  const access = usePromotionsAccess();
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={1100} mx="auto">
      <PromotionsView access={access} />
    </Paper>
  );
}
