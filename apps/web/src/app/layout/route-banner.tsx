import { bannerGroupByPath } from '@app/contract/client';
import { Box } from '@mantine/core';
import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { lazyWithRetry } from '../../lib/lazy-with-retry';

// The carousel is its own chunk; the frame keeps the banner's shape so nothing moves.
const BannerCarousel = lazyWithRetry(
  () => import('../../features/content/components/banner-carousel'),
);
const BANNER_ASPECT_RATIO = '10 / 3';
const BANNER_MAX_WIDTH = 960;

/** SPEC §2: the banner group of the current path above the page (w_reg on /register, ...). */
export function RouteBanner() {
  const { pathname } = useLocation();
  const group = bannerGroupByPath[pathname];
  if (!group) return null;
  return (
    <Box maw={BANNER_MAX_WIDTH} mx="auto" mb="lg">
      <Suspense fallback={<Box style={{ aspectRatio: BANNER_ASPECT_RATIO }} />}>
        <BannerCarousel key={group} groupName={group} />
      </Suspense>
    </Box>
  );
}
