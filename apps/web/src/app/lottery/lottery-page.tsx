import { type LotteryArea, lotteryAreaPaths, lotteryAreas } from '@app/contract/client';
import { Box } from '@mantine/core';
import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import LotteryScreen from '../../features/lottery/components/lottery-screen';
import { useLotteryTexts } from '../../features/lottery/lottery-texts';
import { isFullscreenPath, useLayoutFlags } from '../layout/layout-store';
import { AppLotteryAccess } from './app-lottery-access';
import { BareLotteryBar } from './bare-lottery-bar';

/** The area of a lottery path, compared lowercase (`/vnLottery` is also `/vnlottery`). */
export function areaOfPath(pathname: string): LotteryArea {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return lotteryAreas.find((area) => lotteryAreaPaths[area].toLowerCase() === path) ?? 'ELOTT';
}

function LotteryContent({ area, bare }: { area: LotteryArea; bare: boolean }) {
  useLotteryTexts();
  return (
    <>
      {bare && <BareLotteryBar />}
      <LotteryScreen key={area} area={area} />
    </>
  );
}

/** SPEC §2 /lottery (quick lotteries), /seaLottery (Thai), /vnLottery (Vietnamese). */
export default function LotteryPage() {
  const { pathname } = useLocation();
  const { barsOnFullscreen } = useLayoutFlags();
  // SPEC §2: /vnlottery shows no bars, and the frame then gives its content no padding.
  const bare = isFullscreenPath(pathname) && !barsOnFullscreen;
  return (
    <AppLotteryAccess>
      <Box p={bare ? { base: 'sm', sm: 'lg' } : 0}>
        <Suspense fallback={<PageLoader />}>
          <LotteryContent area={areaOfPath(pathname)} bare={bare} />
        </Suspense>
      </Box>
    </AppLotteryAccess>
  );
}
