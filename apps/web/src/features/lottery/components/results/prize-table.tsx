import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import {
  headTailTable,
  type LotteryResult,
  type PrizeRowLayout,
  prizeRows,
} from '../../model/result-layouts';
import classes from './results.module.css';

/** A tabled result (VN North 27, VN South 18, Thai): one row per prize, its label first. */
export function PrizeTable({
  layout,
  result,
  caption,
}: {
  layout: readonly PrizeRowLayout[];
  result: LotteryResult;
  caption: string;
}) {
  const { t } = useTranslation('lottery');
  return (
    <table className={classes.table} data-testid="prize-table">
      <caption className={classes.srOnly}>{caption}</caption>
      <tbody>
        {prizeRows(layout, result).map((row) => (
          <tr key={row.prize} data-prize={row.prize}>
            <th scope="row">{t(row.labelKey)}</th>
            <td>
              <div
                className={classes.numbers}
                style={{ '--columns': row.columns } as CSSProperties}
              >
                {row.numbers.map((number, index) => (
                  <span
                    // Positions of a prize are fixed: the index is the identity.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                    key={index}
                    className={`${classes.number} ${row.emphasis ? classes.emphasis : ''} ${
                      number === null ? classes.pending : ''
                    }`}
                  >
                    {number ?? '…'}
                  </span>
                ))}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The đầu/đuôi table of a Vietnamese result: tails of the last two digits per head digit. */
export function HeadTailTable({
  layout,
  result,
}: {
  layout: readonly PrizeRowLayout[];
  result: LotteryResult;
}) {
  const { t } = useTranslation('lottery');
  const heads = headTailTable(layout, result);
  return (
    <table className={`${classes.table} ${classes.heads}`} data-testid="head-tail-table">
      <thead>
        <tr>
          <th scope="col">{t('head')}</th>
          <th scope="col">{t('tails')}</th>
        </tr>
      </thead>
      <tbody>
        {heads.map((tails, head) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the head digit is the identity.
          <tr key={head}>
            <th scope="row">{head}</th>
            <td>{tails.join(', ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
