import { Box } from '@mantine/core';
import { useSearchParams } from 'react-router';
import PromoDetailView from '../../features/promotions/components/promo-detail-view';
import { usePromotionsAccess } from './use-promotions-access';

/** SPEC §2 /promoDetail?id=: one promotion. Loaded lazily. */
export default function PromoDetailPage() {
  const [params] = useSearchParams();
  const access = usePromotionsAccess();
  return (
    <Box maw={900} mx="auto">
      <PromoDetailView id={params.get('id') ?? ''} access={access} />
    </Box>
  );
}
