import { type AdminPointRules, gameCategories } from '@app/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { useCan } from '../../lib/console-session';
import { errorText } from '../../lib/error-text';
import {
  fetchPointRules,
  POINT_RULES_KEY,
  type PointRule,
  pointRulePages,
  useSavePointRules,
} from './api/rule-calls';
import { useLoyaltyTexts } from './texts';

const ruleCategories = ['*', ...gameCategories] as const;

function categoryText(t: TFunction, category: string): string {
  return category === '*' ? t('rules.anyCategory') : category;
}

function columns(t: TFunction): DataTableColumn<PointRule>[] {
  return [
    {
      key: 'category',
      header: t('rules.category'),
      cell: (row) => categoryText(t, row.gameCategory),
    },
    {
      key: 'rate',
      header: t('rules.rate'),
      cell: (row) =>
        t('rules.rateText', {
          points: row.pointsPerUnit.toLocaleString(),
          unit: row.unitAmount.toLocaleString(),
        }),
    },
  ];
}

/** One editable rule line: category, the bet unit and the points it earns. */
function RuleLine(props: {
  rule: PointRule;
  onChange: (rule: PointRule) => void;
  onRemove: () => void;
}) {
  const { t } = useLoyaltyTexts();
  const { rule } = props;
  return (
    <Group align="end" wrap="nowrap" data-testid="rule-line">
      <NativeSelect
        w={210}
        label={t('rules.category')}
        data={ruleCategories.map((value) => ({ value, label: categoryText(t, value) }))}
        value={rule.gameCategory}
        onChange={(event) =>
          props.onChange({
            ...rule,
            gameCategory: event.currentTarget.value as PointRule['gameCategory'],
          })
        }
      />
      <NumberInput
        label={t('rules.unitAmount')}
        min={0.01}
        decimalScale={2}
        value={rule.unitAmount}
        onChange={(unit) => props.onChange({ ...rule, unitAmount: Number(unit) || 0 })}
      />
      <NumberInput
        label={t('rules.pointsPerUnit')}
        min={0}
        value={rule.pointsPerUnit}
        onChange={(points) => props.onChange({ ...rule, pointsPerUnit: Number(points) || 0 })}
        data-testid="rule-points"
      />
      <ActionIcon variant="light" color="red" size="lg" onClick={props.onRemove} aria-label="×">
        ×
      </ActionIcon>
    </Group>
  );
}

function SettingsFields(props: {
  value: AdminPointRules['settings'];
  set: (change: Partial<AdminPointRules['settings']>) => void;
}) {
  const { t } = useLoyaltyTexts();
  const { value, set } = props;
  return (
    <>
      <Checkbox
        label={t('rules.convertEnabled')}
        checked={value.convertEnabled}
        onChange={(event) => set({ convertEnabled: event.currentTarget.checked })}
      />
      <SimpleGrid cols={3}>
        <NumberInput
          label={t('rules.pointsPerStep')}
          min={1}
          value={value.pointsPerStep}
          onChange={(points) => set({ pointsPerStep: Number(points) || 1 })}
        />
        <NumberInput
          label={t('rules.amountPerStep')}
          min={0.01}
          decimalScale={2}
          value={value.amountPerStep}
          onChange={(amount) => set({ amountPerStep: Number(amount) || 0 })}
        />
        <NumberInput
          label={t('rules.minPoints')}
          min={1}
          value={value.minPoints}
          onChange={(points) => set({ minPoints: Number(points) || 1 })}
        />
      </SimpleGrid>
    </>
  );
}

function RulesModal({ initial, onClose }: { initial: AdminPointRules; onClose: () => void }) {
  const { t } = useLoyaltyTexts();
  const [value, setValue] = useState<AdminPointRules>(initial);
  const save = useSavePointRules(onClose);
  const setRule = (index: number, rule: PointRule | null) =>
    setValue((now) => ({
      ...now,
      rules: rule
        ? now.rules.map((old, at) => (at === index ? rule : old))
        : now.rules.filter((_, at) => at !== index),
    }));
  const addRule = () =>
    setValue((now) => ({
      ...now,
      rules: [...now.rules, { gameCategory: '*', unitAmount: 1, pointsPerUnit: 1 }],
    }));
  return (
    <Modal opened onClose={onClose} size="xl" title={t('rules.editTitle')}>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('rules.hint')}
        </Text>
        {value.rules.map((rule, index) => (
          <RuleLine
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity until saved.
            key={index}
            rule={rule}
            onChange={(changed) => setRule(index, changed)}
            onRemove={() => setRule(index, null)}
          />
        ))}
        <Button
          variant="light"
          onClick={addRule}
          disabled={value.rules.length > gameCategories.length}
        >
          {t('rules.add')}
        </Button>
        <Title order={4}>{t('rules.conversion')}</Title>
        <SettingsFields
          value={value.settings}
          set={(change) =>
            setValue((now) => ({ ...now, settings: { ...now.settings, ...change } }))
          }
        />
        {save.error && <Alert color="red">{errorText(t, save.error)}</Alert>}
        <Button
          loading={save.isPending}
          onClick={() => save.mutate(value)}
          data-testid="rules-save"
        >
          {t('catalogue.save')}
        </Button>
      </Stack>
    </Modal>
  );
}

function ConversionCard({ rules }: { rules: AdminPointRules | undefined }) {
  const { t } = useLoyaltyTexts();
  if (!rules) return null;
  const { settings } = rules;
  return (
    <Card withBorder mb="md" data-testid="conversion-card">
      <Text fw={600}>{t('rules.conversion')}</Text>
      <Text size="sm" c="dimmed">
        {settings.convertEnabled
          ? t('rules.conversionText', {
              points: settings.pointsPerStep.toLocaleString(),
              amount: settings.amountPerStep.toLocaleString(),
              min: settings.minPoints.toLocaleString(),
            })
          : t('rules.conversionOff')}
      </Text>
    </Card>
  );
}

/**
 * The merchant's points earning rules: how many points each unit of valid bet earns, per game
 * category (or every other category), and the points-to-cash conversion. A change applies to
 * rounds settled after it is saved; rounds already settled keep what they earned.
 */
export default function PointRulesPage() {
  const { t } = useLoyaltyTexts();
  const canEdit = useCan()('loyalty:configure');
  const [editing, setEditing] = useState(false);
  const current = useQuery({
    queryKey: [...POINT_RULES_KEY, 'all'],
    queryFn: () => fetchPointRules(),
  });
  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={2}>{t('rules.title')}</Title>
        {canEdit && current.data && (
          <Button onClick={() => setEditing(true)} data-testid="rules-edit">
            {t('rules.edit')}
          </Button>
        )}
      </Group>
      <ConversionCard rules={current.data} />
      <DataTable
        columns={columns(t)}
        rowKey={(row) => row.gameCategory}
        rowProps={(row) => ({ 'data-testid': 'rule-row', 'data-category': row.gameCategory })}
        queryKey={pointRulePages.queryKey}
        fetchPage={pointRulePages.fetchPage}
        emptyText={t('rules.empty')}
        emptyTestId="rules-empty"
      />
      {editing && current.data && (
        <RulesModal initial={current.data} onClose={() => setEditing(false)} />
      )}
    </>
  );
}
