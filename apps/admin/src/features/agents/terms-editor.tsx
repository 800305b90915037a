import {
  AGENT_COMMISSION_RATE_MAX_PERCENT,
  type AgentContractKind,
  type AgentContractTerms,
  type CommissionTerms,
  type DividendTerms,
  dividendPeriods,
  type GameCategory,
  gameCategories,
  type RealTimeTerms,
  type SalaryTerms,
} from '@app/contract';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Text,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { formatAmount } from '../../lib/format';

/** Most tiers the editor offers (the contract allows AGENT_CONTRACT_MAX_TIERS). */
const EDITOR_MAX_TIERS = 10;

/** A first set of terms for a kind: one tier from zero at 0 %. */
export function defaultTerms(kind: AgentContractKind): AgentContractTerms {
  if (kind === 'realtime') return { profitRate: 0, lossRate: 0, singleBet: 0 };
  if (kind === 'commission') return { tiers: [{ validBet: 0, rate: 0 }] };
  if (kind === 'dividend')
    return { period: 'Weekly', tiers: [{ validBet: 0, profitLoss: 0, activeMembers: 0, rate: 0 }] };
  return { tiers: [{ betAmount: 0, rate: 0 }] };
}

/** Terms in one line, for tables: tiers as "from → rate". */
export function termsSummary(t: TFunction, kind: AgentContractKind, terms: AgentContractTerms) {
  if (kind === 'realtime') {
    const real = terms as RealTimeTerms;
    return t('terms.realtimeSummary', {
      profit: real.profitRate,
      loss: real.lossRate,
      single: formatAmount(real.singleBet),
    });
  }
  if (kind === 'commission') {
    return (terms as CommissionTerms).tiers
      .map((tier) => {
        const categories = Object.entries(tier.categoryRates ?? {})
          .map(([category, rate]) => `${t(`categories.${category}`)} ${rate}%`)
          .join(', ');
        const base = `${formatAmount(tier.validBet)} → ${tier.rate}%`;
        return categories ? `${base} (${categories})` : base;
      })
      .join(' · ');
  }
  if (kind === 'dividend') {
    const dividend = terms as DividendTerms;
    const tiers = dividend.tiers
      .map((tier) => `${formatAmount(tier.validBet)} → ${tier.rate}%`)
      .join(' · ');
    return `${t(`periods.${dividend.period}`)}: ${tiers}`;
  }
  return (terms as SalaryTerms).tiers
    .map((tier) => `${formatAmount(tier.betAmount)} → ${tier.rate}%`)
    .join(' · ');
}

const numberOf = (value: unknown) => (typeof value === 'number' ? value : 0);

type Field<T> = {
  key: keyof T & string;
  label: string;
  decimals: number;
  min?: number;
  max?: number;
};

/** A table of tiers: one row of number inputs per tier, add and remove. */
function TierRows<T extends Record<string, number>>(props: {
  tiers: T[];
  fields: Field<T>[];
  blank: T;
  onChange: (tiers: T[]) => void;
  t: TFunction;
}) {
  const { tiers, fields, onChange, t } = props;
  const set = (index: number, key: keyof T, value: number) =>
    onChange(tiers.map((tier, at) => (at === index ? { ...tier, [key]: value } : tier)));
  return (
    <Stack gap="xs">
      {tiers.map((tier, index) => (
        <Group key={`tier-${index.toString()}`} align="flex-end" wrap="nowrap" gap="xs">
          <Text size="sm" c="dimmed" w={24} pb={8}>
            {index + 1}
          </Text>
          {fields.map((field) => (
            <NumberInput
              key={field.key}
              label={index === 0 ? field.label : undefined}
              aria-label={field.label}
              value={tier[field.key]}
              min={field.min ?? 0}
              max={field.max}
              decimalScale={field.decimals}
              thousandSeparator=","
              style={{ flex: 1 }}
              data-testid={`terms-${field.key}-${index}`}
              onChange={(value) => set(index, field.key, numberOf(value))}
            />
          ))}
          <ActionIcon
            variant="subtle"
            color="red"
            mb={4}
            aria-label={t('terms.removeTier')}
            disabled={tiers.length === 1}
            onClick={() => onChange(tiers.filter((_, at) => at !== index))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          size="compact-sm"
          variant="light"
          disabled={tiers.length >= EDITOR_MAX_TIERS}
          onClick={() => onChange([...tiers, { ...props.blank }])}
        >
          {t('terms.addTier')}
        </Button>
      </Group>
    </Stack>
  );
}

/** A commission tier as one row of numbers: the category rates as `category:<code>` fields. */
type CommissionRow = Record<string, number>;
const categoryField = (category: GameCategory) => `category:${category}`;

function rowsOf(terms: CommissionTerms): CommissionRow[] {
  return terms.tiers.map((tier) => {
    const row: CommissionRow = { validBet: tier.validBet, rate: tier.rate };
    for (const [category, rate] of Object.entries(tier.categoryRates ?? {})) {
      row[categoryField(category as GameCategory)] = rate;
    }
    return row;
  });
}

function termsOfRows(rows: CommissionRow[], categories: readonly GameCategory[]): CommissionTerms {
  return {
    tiers: rows.map((row) => {
      const rate = row.rate ?? 0;
      const categoryRates = Object.fromEntries(
        categories.map((category) => [category, row[categoryField(category)] ?? rate]),
      );
      return {
        validBet: row.validBet ?? 0,
        rate,
        ...(categories.length > 0 && { categoryRates }),
      };
    }),
  };
}

/**
 * Commission tiers: valid bet from, the rate, and a column per game category chosen to have a
 * rate of its own (a newly chosen category starts at each tier's rate).
 */
function CommissionEditor(props: {
  value: CommissionTerms;
  onChange: (terms: AgentContractTerms) => void;
  t: TFunction;
}) {
  const { value, onChange, t } = props;
  const categories = gameCategories.filter((category) =>
    value.tiers.some((tier) => tier.categoryRates?.[category] !== undefined),
  );
  const rows = rowsOf(value);
  const rateField = (key: string, label: string) => ({
    key,
    label,
    decimals: 2,
    max: AGENT_COMMISSION_RATE_MAX_PERCENT,
  });
  return (
    <Stack gap="sm">
      <Checkbox.Group
        label={t('terms.categories')}
        description={t('terms.categoriesHint')}
        value={categories}
        onChange={(chosen) => onChange(termsOfRows(rows, chosen as GameCategory[]))}
        data-testid="terms-categories"
      >
        <Group gap="sm" mt={6}>
          {gameCategories.map((category) => (
            <Checkbox key={category} value={category} label={t(`categories.${category}`)} />
          ))}
        </Group>
      </Checkbox.Group>
      <TierRows
        t={t}
        tiers={rows}
        blank={{ validBet: 0, rate: 0 }}
        fields={[
          { key: 'validBet', label: t('terms.validBet'), decimals: 2 },
          rateField('rate', t('terms.rate')),
          ...categories.map((category) =>
            rateField(categoryField(category), t(`categories.${category}`)),
          ),
        ]}
        onChange={(tiers) => onChange(termsOfRows(tiers, categories))}
      />
    </Stack>
  );
}

/** Edits the terms of one kind of contract: tiers, or the real-time rates. */
export function TermsEditor(props: {
  kind: AgentContractKind;
  value: AgentContractTerms;
  onChange: (terms: AgentContractTerms) => void;
  /** A dividend's period cannot change on an existing contract. */
  periodLocked?: boolean;
  t: TFunction;
}) {
  const { kind, value, onChange, t } = props;
  if (kind === 'realtime') {
    const real = value as RealTimeTerms;
    const fields: Array<[keyof RealTimeTerms, number]> = [
      ['profitRate', 2],
      ['lossRate', 2],
      ['singleBet', 2],
    ];
    return (
      <Group grow align="flex-end">
        {fields.map(([key, decimals]) => (
          <NumberInput
            key={key}
            label={t(`terms.${key}`)}
            value={real[key]}
            min={0}
            decimalScale={decimals}
            thousandSeparator=","
            data-testid={`terms-${key}`}
            onChange={(next) => onChange({ ...real, [key]: numberOf(next) })}
          />
        ))}
      </Group>
    );
  }
  if (kind === 'commission') {
    return <CommissionEditor value={value as CommissionTerms} onChange={onChange} t={t} />;
  }
  if (kind === 'dividend') {
    const dividend = value as DividendTerms;
    return (
      <Stack gap="sm">
        <NativeSelect
          label={t('terms.period')}
          disabled={props.periodLocked}
          data={dividendPeriods.map((period) => ({ value: period, label: t(`periods.${period}`) }))}
          value={dividend.period}
          onChange={(event) =>
            onChange({
              ...dividend,
              period: event.currentTarget.value as DividendTerms['period'],
            })
          }
        />
        <TierRows
          t={t}
          tiers={dividend.tiers}
          blank={{ validBet: 0, profitLoss: 0, activeMembers: 0, rate: 0 }}
          fields={[
            { key: 'validBet', label: t('terms.validBet'), decimals: 2 },
            {
              key: 'profitLoss',
              label: t('terms.profitLoss'),
              decimals: 2,
              min: -1_000_000_000_000,
            },
            { key: 'activeMembers', label: t('terms.activeMembers'), decimals: 0 },
            { key: 'rate', label: t('terms.rate'), decimals: 2 },
          ]}
          onChange={(tiers) => onChange({ ...dividend, tiers })}
        />
      </Stack>
    );
  }
  const salary = value as SalaryTerms;
  return (
    <TierRows
      t={t}
      tiers={salary.tiers}
      blank={{ betAmount: 0, rate: 0 }}
      fields={[
        { key: 'betAmount', label: t('terms.betAmount'), decimals: 2 },
        { key: 'rate', label: t('terms.rate'), decimals: 2 },
      ]}
      onChange={(tiers) => onChange({ tiers })}
    />
  );
}
