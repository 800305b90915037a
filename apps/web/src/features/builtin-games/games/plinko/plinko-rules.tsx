import {
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  PLINKO_MULTIPLIER_SCALE,
  type PlinkoRisk,
  plinkoBucketChances,
  plinkoExactRtp,
  plinkoRisks,
  plinkoTable,
} from '@app/game-math/plinko/plinko';
import { Group, SegmentedControl, Slider, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatChance, formatMultiplier } from '../inhouse/inhouse-format';
import { INHOUSE_NAMESPACE, useInhouseTexts } from '../inhouse/inhouse-texts';
import { RtpLine } from '../inhouse/rtp-line';

/** Slider marks at every other row count (a Select would cost a heavy popover chunk). */
const rowMarks = Array.from({ length: PLINKO_MAX_ROWS - PLINKO_MIN_ROWS + 1 }, (_, i) => ({
  value: PLINKO_MIN_ROWS + i,
  label: String(PLINKO_MIN_ROWS + i),
}));

/** Plinko rules: how the ball falls, and the paytable of any rows and risk with its exact RTP. */
export default function PlinkoRules() {
  useInhouseTexts();
  const { t } = useTranslation(INHOUSE_NAMESPACE);
  const [rows, setRows] = useState(12);
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  const table = plinkoTable({ rows, risk });
  const chances = plinkoBucketChances(rows);
  return (
    <Stack gap="sm">
      <Title order={3}>{t('plinko.rules_title')}</Title>
      <Text>{t('plinko.rules_how')}</Text>
      <RtpLine />
      <Group align="flex-end">
        <div style={{ flex: 1, minWidth: 200 }}>
          <Text size="sm" fw={500} mb={4} id="plinko-rules-rows-label">
            {t('plinko.rows')}: {rows}
          </Text>
          <Slider
            min={PLINKO_MIN_ROWS}
            max={PLINKO_MAX_ROWS}
            step={1}
            marks={rowMarks}
            label={null}
            value={rows}
            thumbProps={{ 'aria-labelledby': 'plinko-rules-rows-label' }}
            onChange={setRows}
            mb="lg"
          />
        </div>
        <SegmentedControl
          aria-label={t('plinko.risk')}
          value={risk}
          onChange={(value) => setRisk(value as PlinkoRisk)}
          data={plinkoRisks.map((value) => ({ value, label: t(`plinko.risk_${value}`) }))}
        />
      </Group>
      <Title order={4} data-testid="plinko-table-title">
        {`${t('plinko.rules_table', { rows, risk: t(`plinko.risk_${risk}`) })} · RTP ${formatChance(plinkoExactRtp({ rows, risk }).value)}`}
      </Title>
      <Table striped data-testid="plinko-odds">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('plinko.bucket', { n: '' }).trim()}</Table.Th>
            <Table.Th>{t('plinko.chance')}</Table.Th>
            <Table.Th>{t('multiplier')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.map((hundredths, bucket) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: buckets are fixed positions
            <Table.Tr key={bucket}>
              <Table.Td>{bucket}</Table.Td>
              <Table.Td>{formatChance(chances[bucket] ?? 0)}</Table.Td>
              <Table.Td>{formatMultiplier(hundredths / PLINKO_MULTIPLIER_SCALE)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
