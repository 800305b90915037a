import { PLINKO_MULTIPLIER_SCALE } from '@app/game-math/plinko/plinko';
import { useTranslation } from 'react-i18next';
import { INHOUSE_NAMESPACE } from '../inhouse/inhouse-texts';
import { BOARD_WIDTH, boardGeometry } from './plinko-geometry';

/** How long the ball takes from one stop to the next. */
export const PLINKO_STEP_MS = 110;

function bucketColour(multiplier: number): string {
  if (multiplier >= 10) return 'var(--mantine-color-red-filled)';
  if (multiplier >= 2) return 'var(--mantine-color-orange-filled)';
  if (multiplier >= 1) return 'var(--mantine-color-yellow-filled)';
  return 'var(--mantine-color-gray-4)';
}

/** `990` for 990x, `0.2` for 0.2x: short enough for a bucket of 16 rows. */
const bucketText = (multiplier: number) => String(Number(multiplier.toFixed(2)));

/**
 * The board: pegs, buckets with their multipliers, and the ball at one of its stops (the stops
 * come from the path the server answered).
 */
export function PlinkoBoard({
  rows,
  table,
  ball,
  landedBucket,
}: {
  rows: number;
  table: readonly number[];
  ball: { x: number; y: number } | null;
  landedBucket: number | null;
}) {
  const { t } = useTranslation(INHOUSE_NAMESPACE);
  const geometry = boardGeometry(rows);
  const bucketWidth = geometry.spacing - 3;
  return (
    <svg
      viewBox={`0 0 ${BOARD_WIDTH} ${geometry.height}`}
      width="100%"
      role="img"
      aria-label={t('plinko.board', { rows })}
      style={{ maxWidth: 560, display: 'block', margin: '0 auto' }}
      data-testid="plinko-board"
    >
      {geometry.pegs.map((peg) => (
        <circle
          key={`${peg.x}-${peg.y}`}
          cx={peg.x}
          cy={peg.y}
          r={geometry.pegRadius}
          fill="var(--mantine-color-dimmed)"
        />
      ))}
      {table.map((hundredths, bucket) => {
        const multiplier = hundredths / PLINKO_MULTIPLIER_SCALE;
        const x = geometry.bucketX(bucket);
        return (
          <g
            // biome-ignore lint/suspicious/noArrayIndexKey: buckets are fixed positions
            key={bucket}
            data-testid={`plinko-bucket-${bucket}`}
            opacity={landedBucket === null || landedBucket === bucket ? 1 : 0.55}
          >
            <rect
              x={x - bucketWidth / 2}
              y={geometry.bucketY}
              width={bucketWidth}
              height={geometry.bucketHeight}
              rx={3}
              fill={bucketColour(multiplier)}
              stroke={landedBucket === bucket ? 'var(--mantine-color-text)' : 'none'}
              strokeWidth={2}
            />
            <text
              x={x}
              y={geometry.bucketY + geometry.bucketHeight / 2}
              textAnchor="middle"
              dominantBaseline="central"
              fontSize={Math.min(11, bucketWidth / 2.6)}
              fontWeight={700}
              fill="var(--mantine-color-black)"
            >
              {bucketText(multiplier)}
            </text>
          </g>
        );
      })}
      {ball ? (
        <circle
          cx={0}
          cy={0}
          r={geometry.ballRadius}
          fill="var(--mantine-color-pink-filled)"
          data-testid="plinko-ball"
          style={{
            transform: `translate(${ball.x}px, ${ball.y}px)`,
            transition: `transform ${PLINKO_STEP_MS}ms ease-in`,
          }}
        />
      ) : null}
    </svg>
  );
}
