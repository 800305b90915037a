import { type LotteryArea, lotteryAreaPaths, lotteryAreas } from '@app/contract/client';
import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import LotteryScreen from '../../features/lottery/components/lottery-screen';
import { useLotteryTexts } from '../../features/lottery/lottery-texts';
import { AppLotteryAccess } from './app-lottery-access';

/** The area of a lottery path, compared lowercase (`/vnLottery` is also `/vnlottery`). */
export function areaOfPath(pathname: string): LotteryArea {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return lotteryAreas.find((area) => lotteryAreaPaths[area].toLowerCase() === path) ?? 'ELOTT';
}

function LotteryContent({ area }: { area: LotteryArea }) {
  useLotteryTexts();
  return <LotteryScreen key={area} area={area} />;
}

/** SPEC §2 /lottery (quick lotteries), /seaLottery (Thai), /vnLottery (Vietnamese). */
export default function LotteryPage() {
  const { pathname } = useLocation();
  return (
    <AppLotteryAccess>
      <Suspense fallback={<PageLoader />}>
        <LotteryContent area={areaOfPath(pathname)} />
      </Suspense>
    </AppLotteryAccess>
  );
}
