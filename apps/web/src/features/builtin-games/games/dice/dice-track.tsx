import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { INHOUSE_NAMESPACE } from '../inhouse/inhouse-texts';

/** How long the marker takes to slide to the roll. */
export const DICE_ANIMATION_MS = 600;

/**
 * The 0..100 scale: the winning side coloured, and a marker that slides to the roll the server
 * answered (the client never decides it).
 */
export function DiceTrack({
  target,
  direction,
  roll,
  won,
}: {
  target: number;
  direction: 'over' | 'under';
  roll: number | null;
  won: boolean | null;
}) {
  const { t } = useTranslation(INHOUSE_NAMESPACE);
  const win = 'var(--mantine-color-teal-filled)';
  const lose = 'var(--mantine-color-red-filled)';
  const [left, right] = direction === 'under' ? [win, lose] : [lose, win];
  return (
    <Box pos="relative" h={56} role="img" aria-label={t('dice.track')}>
      <Box
        pos="absolute"
        top={24}
        left={0}
        right={0}
        h={10}
        style={{
          borderRadius: 5,
          background: `linear-gradient(to right, ${left} 0%, ${left} ${target}%, ${right} ${target}%, ${right} 100%)`,
        }}
      />
      {roll === null ? null : (
        <Box
          pos="absolute"
          top={0}
          data-testid="dice-marker"
          style={{
            left: `${roll}%`,
            transform: 'translateX(-50%)',
            transition: `left ${DICE_ANIMATION_MS}ms cubic-bezier(0.2, 0.8, 0.2, 1)`,
          }}
        >
          <Text
            fw={700}
            size="sm"
            px={6}
            style={{
              borderRadius: 4,
              color: 'var(--mantine-color-white)',
              background: won ? win : lose,
            }}
          >
            {roll.toFixed(2)}
          </Text>
        </Box>
      )}
    </Box>
  );
}
