import {
  DICE_OUTCOMES,
  diceExactRtp,
  diceMultiplierScaled,
  diceWinOutcomes,
} from '@app/game-math/dice/dice';
import { multiplierOf } from '@app/game-math/inhouse-multiplier';
import { Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatChance, formatMultiplier } from '../inhouse/inhouse-format';
import { INHOUSE_NAMESPACE, useInhouseTexts } from '../inhouse/inhouse-texts';
import { RtpLine } from '../inhouse/rtp-line';

/** Example targets (roll under) across the allowed chances, for the odds table. */
const EXAMPLE_TARGETS_UNDER = [0.01, 1, 10, 25, 49.5, 50, 75, 90, 98];

/** Dice rules: how a roll wins, the chance bounds and an odds table with each exact RTP. */
export default function DiceRules() {
  useInhouseTexts();
  const { t } = useTranslation(INHOUSE_NAMESPACE);
  return (
    <Stack gap="sm">
      <Title order={3}>{t('dice.rules_title')}</Title>
      <Text>{t('dice.rules_how')}</Text>
      <Text>{t('dice.rules_bounds')}</Text>
      <RtpLine />
      <Title order={4}>{t('dice.rules_table')}</Title>
      <Table striped data-testid="dice-odds">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('dice.roll_under')}</Table.Th>
            <Table.Th>{t('win_chance')}</Table.Th>
            <Table.Th>{t('multiplier')}</Table.Th>
            <Table.Th>RTP</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {EXAMPLE_TARGETS_UNDER.map((target) => {
            const bet = { targetHundredths: Math.round(target * 100), direction: 'under' as const };
            return (
              <Table.Tr key={target}>
                <Table.Td>{target.toFixed(2)}</Table.Td>
                <Table.Td>{formatChance(diceWinOutcomes(bet) / DICE_OUTCOMES)}</Table.Td>
                <Table.Td>{formatMultiplier(multiplierOf(diceMultiplierScaled(bet)))}</Table.Td>
                <Table.Td>{formatChance(diceExactRtp(bet))}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
