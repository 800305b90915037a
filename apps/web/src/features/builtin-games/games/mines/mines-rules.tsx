import { multiplierOf } from '@app/game-math/inhouse-multiplier';
import {
  MINES_MAX_COUNT,
  MINES_MIN_COUNT,
  minesExactRtp,
  minesMultiplierTable,
  safeRunChance,
} from '@app/game-math/mines/mines';
import { NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatChance, formatMultiplier } from '../inhouse/inhouse-format';
import { INHOUSE_NAMESPACE, useInhouseTexts } from '../inhouse/inhouse-texts';
import { RtpLine } from '../inhouse/rtp-line';

/** Mines rules: how a round goes, what a left round pays, and every multiplier of a mine count. */
export default function MinesRules() {
  useInhouseTexts();
  const { t } = useTranslation(INHOUSE_NAMESPACE);
  const [count, setCount] = useState(3);
  const table = minesMultiplierTable(count);
  return (
    <Stack gap="sm">
      <Title order={3}>{t('mines.rules_title')}</Title>
      <Text>{t('mines.rules_how')}</Text>
      <Text>{t('mines.rules_abandon')}</Text>
      <RtpLine />
      <NumberInput
        label={t('mines.mine_count')}
        value={count}
        min={MINES_MIN_COUNT}
        max={MINES_MAX_COUNT}
        allowDecimal={false}
        clampBehavior="strict"
        onChange={(value) => typeof value === 'number' && setCount(value)}
        maw={200}
      />
      <Title order={4}>{t('mines.rules_table', { count })}</Title>
      <Table striped data-testid="mines-odds">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('mines.reveals')}</Table.Th>
            <Table.Th>{t('mines.chance')}</Table.Th>
            <Table.Th>{t('multiplier')}</Table.Th>
            <Table.Th>RTP</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.map((scaled, i) => {
            const reveals = i + 1;
            const { num, den } = safeRunChance(count, reveals);
            return (
              <Table.Tr key={reveals}>
                <Table.Td>{reveals}</Table.Td>
                <Table.Td>{formatChance(Number(num) / Number(den))}</Table.Td>
                <Table.Td>{formatMultiplier(multiplierOf(scaled))}</Table.Td>
                <Table.Td>{formatChance(minesExactRtp(count, reveals))}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
