import type {
  AgentContractKind,
  AgentContractTerms,
  CommissionTerms,
  DividendPeriod,
  DividendTerms,
  RealTimeTerms,
  SalaryTerms,
} from '@app/contract/client';
import { AGENT_COMMISSION_RATE_MAX_PERCENT } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  Stack,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '../../../lib/theme';
import { useContractAction, useContractTemplates } from '../api/contracts';

/** Most tiers the form offers (the contract allows ten; three cover real offers). */
const FORM_MAX_TIERS = 3;
const periods: readonly DividendPeriod[] = ['Daily', 'Weekly', 'Semimonthly', 'Monthly'];

interface TierFields {
  amount: number;
  profitLoss: number;
  activeMembers: number;
  rate: number;
  /** A commission tier's rates of single game categories (absent: the tier's rate). */
  categoryRates: Record<string, number>;
}

const emptyTier: TierFields = {
  amount: 0,
  profitLoss: 0,
  activeMembers: 0,
  rate: 0,
  categoryRates: {},
};

function termsOf(
  kind: AgentContractKind,
  tiers: TierFields[],
  period: DividendPeriod,
  realTime: { profitRate: number; lossRate: number; singleBet: number },
) {
  if (kind === 'realtime') return realTime;
  if (kind === 'commission') {
    return {
      tiers: tiers.map((tier) => ({
        validBet: tier.amount,
        rate: tier.rate,
        ...(Object.keys(tier.categoryRates).length > 0 && { categoryRates: tier.categoryRates }),
      })),
    };
  }
  if (kind === 'dividend') {
    return {
      period,
      tiers: tiers.map((tier) => ({
        validBet: tier.amount,
        profitLoss: tier.profitLoss,
        activeMembers: tier.activeMembers,
        rate: tier.rate,
      })),
    };
  }
  return { tiers: tiers.map((tier) => ({ betAmount: tier.amount, rate: tier.rate })) };
}

const numberOf = (value: string | number) => (typeof value === 'number' ? value : 0);

/** A template's terms as the form's fields. */
function fieldsOf(kind: AgentContractKind, terms: AgentContractTerms) {
  if (kind === 'realtime') return { realTime: terms as RealTimeTerms };
  if (kind === 'commission') {
    return {
      tiers: (terms as CommissionTerms).tiers.map((tier) => ({
        ...emptyTier,
        amount: tier.validBet,
        rate: tier.rate,
        categoryRates: { ...tier.categoryRates },
      })),
    };
  }
  if (kind === 'dividend') {
    const dividend = terms as DividendTerms;
    return {
      period: dividend.period,
      tiers: dividend.tiers.map((tier) => ({
        ...emptyTier,
        amount: tier.validBet,
        profitLoss: tier.profitLoss,
        activeMembers: tier.activeMembers,
        rate: tier.rate,
      })),
    };
  }
  return {
    tiers: (terms as SalaryTerms).tiers.map((tier) => ({
      ...emptyTier,
      amount: tier.betAmount,
      rate: tier.rate,
    })),
  };
}

/**
 * Offer a contract of `kind` to a direct downline agent (SPEC §4: a new request). `categories`:
 * the game categories a commission tier may give a rate of their own.
 */
export function OfferDialog({
  kind,
  categories = [],
  onClose,
}: {
  kind: AgentContractKind;
  categories?: readonly string[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['agent-contracts', 'errors']);
  const mutation = useContractAction(kind);
  const [downline, setDownline] = useState('');
  const [tiers, setTiers] = useState<TierFields[]>([emptyTier]);
  const [period, setPeriod] = useState<DividendPeriod>('Daily');
  const [realTime, setRealTime] = useState({ profitRate: 0, lossRate: 0, singleBet: 0 });
  const templates = useContractTemplates(kind);
  const [templateId, setTemplateId] = useState('');
  const pickTemplate = (id: string) => {
    setTemplateId(id);
    const template = templates.data?.list.find((entry) => entry.templateId === id);
    if (!template) return;
    const fields = fieldsOf(kind, template.terms);
    if (fields.tiers) setTiers(fields.tiers);
    if (fields.period) setPeriod(fields.period);
    if (fields.realTime) setRealTime(fields.realTime);
  };
  // When the site has templates of this kind, an offer is one of them: the terms are the
  // template's and are not edited here.
  const fromTemplates = (templates.data?.list.length ?? 0) > 0;
  const setTier = (index: number, patch: Partial<TierFields>) =>
    setTiers((all) => all.map((tier, at) => (at === index ? { ...tier, ...patch } : tier)));
  const setCategoryRate = (index: number, category: string, value: string | number) =>
    setTiers((all) =>
      all.map((tier, at) => {
        if (at !== index) return tier;
        const { [category]: _dropped, ...others } = tier.categoryRates;
        const categoryRates = typeof value === 'number' ? { ...others, [category]: value } : others;
        return { ...tier, categoryRates };
      }),
    );
  const rateMax = kind === 'commission' ? AGENT_COMMISSION_RATE_MAX_PERCENT : 100;
  const submit = () =>
    mutation.mutate(
      {
        action: 'Offer',
        downline: downline.trim(),
        terms: termsOf(kind, tiers, period, realTime) as never,
      },
      { onSuccess: onClose },
    );
  return (
    <Modal opened onClose={onClose} title={t('offer')} size={MODAL_WIDTH} centered>
      <Stack>
        <TextInput
          label={t('form.downline')}
          value={downline}
          onChange={(event) => setDownline(event.currentTarget.value)}
          data-testid="offer-downline"
        />
        {fromTemplates && (
          <NativeSelect
            label={t('form.template')}
            value={templateId}
            onChange={(event) => pickTemplate(event.currentTarget.value)}
            data={[
              { value: '', label: t('form.template_pick'), disabled: true },
              ...(templates.data?.list ?? []).map((entry) => ({
                value: entry.templateId,
                label: entry.name,
              })),
            ]}
            data-testid="offer-template"
          />
        )}
        <fieldset
          disabled={fromTemplates}
          style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
        >
          <Stack>
            {kind === 'dividend' && (
              <SegmentedControl
                value={period}
                onChange={(value) => setPeriod(value as DividendPeriod)}
                data={periods.map((value) => ({ value, label: t(`period.${value}`) }))}
              />
            )}
            {kind === 'realtime' ? (
              <Group grow>
                <NumberInput
                  label={t('form.profit_rate')}
                  decimalScale={2}
                  min={0}
                  max={100}
                  value={realTime.profitRate}
                  onChange={(value) => setRealTime({ ...realTime, profitRate: numberOf(value) })}
                />
                <NumberInput
                  label={t('form.loss_rate')}
                  decimalScale={2}
                  min={0}
                  max={100}
                  value={realTime.lossRate}
                  onChange={(value) => setRealTime({ ...realTime, lossRate: numberOf(value) })}
                />
                <NumberInput
                  label={t('form.single_bet')}
                  decimalScale={2}
                  min={0}
                  value={realTime.singleBet}
                  onChange={(value) => setRealTime({ ...realTime, singleBet: numberOf(value) })}
                />
              </Group>
            ) : (
              tiers.map((tier, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: tiers have no identity but their place
                <Stack gap={4} key={index}>
                  <Group grow align="flex-end">
                    <NumberInput
                      label={t(
                        kind === 'dividend' || kind === 'commission'
                          ? 'form.valid_bet'
                          : 'form.bet_amount',
                      )}
                      decimalScale={2}
                      min={0}
                      value={tier.amount}
                      onChange={(value) => setTier(index, { amount: numberOf(value) })}
                      data-testid={`tier-amount-${index}`}
                    />
                    {kind === 'dividend' && (
                      <NumberInput
                        label={t('form.profit_loss')}
                        decimalScale={2}
                        value={tier.profitLoss}
                        onChange={(value) => setTier(index, { profitLoss: numberOf(value) })}
                      />
                    )}
                    {kind === 'dividend' && (
                      <NumberInput
                        label={t('form.active_members')}
                        min={0}
                        allowDecimal={false}
                        value={tier.activeMembers}
                        onChange={(value) => setTier(index, { activeMembers: numberOf(value) })}
                      />
                    )}
                    <NumberInput
                      label={t('form.rate')}
                      decimalScale={2}
                      min={0}
                      max={rateMax}
                      suffix="%"
                      value={tier.rate}
                      onChange={(value) => setTier(index, { rate: numberOf(value) })}
                      data-testid={`tier-rate-${index}`}
                    />
                  </Group>
                  {kind === 'commission' && categories.length > 0 && (
                    <Group grow align="flex-end">
                      {categories.map((category) => (
                        <NumberInput
                          key={category}
                          label={t('form.category_rate', {
                            category: t(`layout:category_${category}`),
                          })}
                          placeholder={t('form.category_rate_same')}
                          decimalScale={2}
                          min={0}
                          max={rateMax}
                          suffix="%"
                          value={tier.categoryRates[category] ?? ''}
                          onChange={(value) => setCategoryRate(index, category, value)}
                          data-testid={`tier-category-${category}-${index}`}
                        />
                      ))}
                    </Group>
                  )}
                </Stack>
              ))
            )}
            {kind !== 'realtime' && tiers.length < FORM_MAX_TIERS && !fromTemplates && (
              <Button variant="subtle" size="xs" onClick={() => setTiers([...tiers, emptyTier])}>
                {t('form.add_tier')}
              </Button>
            )}
          </Stack>
        </fieldset>
        {mutation.error && <Alert color="red">{errorText(t, mutation.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            loading={mutation.isPending}
            disabled={downline.trim() === '' || (fromTemplates && templateId === '')}
            onClick={submit}
            data-testid="offer-submit"
          >
            {t('offer')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
