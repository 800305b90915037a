import { useTranslation } from 'react-i18next';
import {
  type LotteryFormatCode,
  type LotteryResult,
  positionValues,
  prizeLayouts,
} from '../../model/result-layouts';
import { DiceFaces } from './dice-faces';
import { DigitBalls } from './digit-balls';
import { HeadTailTable, PrizeTable } from './prize-table';

/** A draw's result in its lottery's own layout. */
export function ResultView({
  format,
  result,
  withHeads = false,
}: {
  format: LotteryFormatCode;
  result: LotteryResult;
  /** Vietnamese results: also the đầu/đuôi table. */
  withHeads?: boolean;
}) {
  const { t } = useTranslation('lottery');
  if (format === 'DIGIT5') return <DigitBalls values={positionValues(result)} />;
  if (format === 'DICE3') return <DiceFaces values={positionValues(result)} />;
  const layout = prizeLayouts[format];
  if (!layout) return null;
  return (
    <>
      <PrizeTable layout={layout} result={result} caption={t(`format_${format}`)} />
      {withHeads && format !== 'THAI' && <HeadTailTable layout={layout} result={result} />}
    </>
  );
}
