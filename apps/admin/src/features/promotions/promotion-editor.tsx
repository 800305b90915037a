import {
  gameCategories,
  type LanguageCode,
  languageCodes,
  PROMOTION_FREE_SPIN_GAME_CODES,
  PROMOTION_FREE_SPINS_MAX,
  PROMOTION_POINTS_MAX,
  type PromotionRewardInput,
  promotionCategories,
  promotionTakeModes,
} from '@app/contract';
import {
  Alert,
  Button,
  Divider,
  FileInput,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  TextInput,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { RichTextEditor } from '../../components/rich-text-editor';
import { errorText } from '../../lib/error-text';
import {
  type AdminPromotionRow,
  type PromotionBody,
  useSavePromotion,
  useUploadBanner,
} from './api/promotion-calls';
import { isWritten } from './preview-language';
import { usePromotionsTexts } from './texts';

// The preview (its own chunk: the editor's stays within the console's lazy-chunk budget).
const PromotionPreview = lazy(() => import('./promotion-preview'));

const DAY_MS = 86_400_000;
/** A new promotion runs a week from now, its raffle drawn a day after its end. */
const NEW_PROMOTION_DAYS = 7;
const BANNER_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const rewardKinds = [
  'bonus_fixed',
  'bonus_percent',
  'cash_fixed',
  'raffle',
  'points',
  'free_spins',
] as const;
/** A new free-spins reward's defaults: the operator then picks the slot, spins and bet. */
const DEFAULT_FREE_SPINS = 10;
const DEFAULT_FREE_SPIN_BET_PER_LINE = 1_000;
/** A new points reward's default: a round figure the operator then sets. */
const DEFAULT_REWARD_POINTS = 100;
type RewardKind = (typeof rewardKinds)[number];

type Texts = PromotionBody['texts'];

function draftOf(promotion: AdminPromotionRow | null): PromotionBody {
  if (promotion) {
    const { state: _s, raffleSeedHash: _h, raffleDrawn: _d, updatedAtMs: _u, ...input } = promotion;
    return input;
  }
  const startsAtMs = Date.now();
  return {
    category: 'deposit',
    takeMode: 'join',
    texts: { EN: { title: '', content: '', terms: '' } },
    bannerUrl: '',
    groupName: '',
    startsAtMs,
    endsAtMs: startsAtMs + NEW_PROMOTION_DAYS * DAY_MS,
    sortOrder: 0,
    qualifier: {
      newPlayersOnly: false,
      depositNth: null,
      memberLabels: [],
      agentIds: [],
      vipRankMin: null,
    },
    reward: { kind: 'bonus_fixed', amount: 100 },
    wagering: {
      multiple: 10,
      base: 'bonus',
      categoryWeightsPercent: {},
      maxBetAmount: null,
      expiryDays: 7,
    },
  };
}

function rewardOf(kind: RewardKind, endsAtMs: number): PromotionRewardInput {
  switch (kind) {
    case 'bonus_fixed':
    case 'cash_fixed':
      return { kind, amount: 100 };
    case 'bonus_percent':
      return { kind, percentBp: 10_000, capAmount: 1_000, minDepositAmount: 0 };
    case 'raffle':
      return { kind, ticketEveryAmount: 100, prizes: [1_000], drawAtMs: endsAtMs + DAY_MS };
    case 'points':
      return { kind, points: DEFAULT_REWARD_POINTS };
    case 'free_spins':
      return {
        kind,
        gameCode: PROMOTION_FREE_SPIN_GAME_CODES[0] ?? '',
        spins: DEFAULT_FREE_SPINS,
        betPerLine: DEFAULT_FREE_SPIN_BET_PER_LINE,
      };
  }
}

function toLocal(atMs: number): string {
  const date = new Date(atMs);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const fromLocal = (value: string, fallbackMs: number) => {
  const atMs = new Date(value).getTime();
  return Number.isNaN(atMs) ? fallbackMs : atMs;
};

const listOf = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('file could not be read'));
    reader.onload = () => {
      const dataUrl = String(reader.result);
      resolve(dataUrl.slice(dataUrl.indexOf(',') + 1));
    };
    reader.readAsDataURL(file);
  });
}

const num = (value: string | number, fallback = 0) =>
  typeof value === 'number' ? value : Number(value) || fallback;

/**
 * A number field as a plain input (Mantine's NumberInput would add its formatting library to
 * this chunk); it answers '' when emptied, like NumberInput.
 */
function NumberField({
  value,
  onChange,
  min,
  max,
  decimalScale,
  suffix,
  ...rest
}: {
  label: string;
  value: number | string;
  onChange: (value: number | '') => void;
  min?: number;
  max?: number;
  decimalScale?: number;
  suffix?: string;
  placeholder?: string;
  'data-testid'?: string;
}) {
  return (
    <TextInput
      {...rest}
      type="number"
      min={min}
      max={max}
      step={decimalScale ? 10 ** -decimalScale : 1}
      rightSection={suffix}
      value={String(value)}
      onChange={(event) => {
        const text = event.currentTarget.value;
        onChange(text === '' ? '' : Number(text));
      }}
    />
  );
}

/**
 * Create or edit a promotion: its texts per language (rich text, sanitized by the server),
 * banner, schedule, who qualifies, how it is taken, its reward and its wagering. The contract's
 * schema checks it here first; the server checks it again and answers PROMOTION_INVALID.
 */
export default function PromotionEditor({
  promotion,
  onClose,
}: {
  promotion: AdminPromotionRow | null;
  onClose: () => void;
}) {
  const { t } = usePromotionsTexts();
  const [draft, setDraft] = useState<PromotionBody>(() => draftOf(promotion));
  const [language, setLanguage] = useState<LanguageCode>(
    (Object.keys(draft.texts)[0] as LanguageCode | undefined) ?? 'EN',
  );
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSavePromotion(onClose);
  const upload = useUploadBanner();
  const set = <K extends keyof PromotionBody>(key: K, value: PromotionBody[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const setQualifier = (change: Partial<PromotionBody['qualifier']>) =>
    set('qualifier', { ...draft.qualifier, ...change });
  const setWagering = (change: Partial<PromotionBody['wagering']>) =>
    set('wagering', { ...draft.wagering, ...change });
  const setReward = (change: Record<string, unknown>) =>
    set('reward', { ...draft.reward, ...change } as PromotionRewardInput);
  const text = draft.texts[language] ?? { title: '', content: '', terms: '' };
  const setText = (change: Partial<typeof text>) =>
    set('texts', { ...draft.texts, [language]: { ...text, ...change } } as Texts);

  const onBanner = async (file: File | null) => {
    setProblem(null);
    if (!file) return;
    if (!BANNER_TYPES.includes(file.type)) return setProblem(t('bannerRefused'));
    // The server checks the size and the content (this chunk leaves the content calls' schemas
    // out: console size budget) and refuses what it cannot use.
    const uploaded = await upload.mutateAsync(await fileToBase64(file)).catch(() => null);
    if (uploaded) set('bannerUrl', uploaded.url);
    else setProblem(t('bannerRefused'));
  };

  // The server checks every field (zod and the promotion's rules) and names the wrong one.
  const submit = () => {
    setProblem(null);
    save.mutate(draft);
  };

  const { reward, wagering, qualifier } = draft;
  const isBonus = reward.kind === 'bonus_fixed' || reward.kind === 'bonus_percent';
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={t(promotion ? 'editTitle' : 'newTitle')}
      data-testid="promotion-editor"
    >
      <Stack>
        <SimpleGrid cols={3}>
          <NativeSelect
            label={t('fields.category')}
            value={draft.category}
            data={promotionCategories.map((value) => ({ value, label: t(`category.${value}`) }))}
            onChange={(event) =>
              set('category', event.currentTarget.value as PromotionBody['category'])
            }
            data-testid="promotion-category"
          />
          <NativeSelect
            label={t('fields.takeMode')}
            value={draft.takeMode}
            data={promotionTakeModes.map((value) => ({ value, label: t(`takeMode.${value}`) }))}
            onChange={(event) =>
              set('takeMode', event.currentTarget.value as PromotionBody['takeMode'])
            }
            data-testid="promotion-take-mode"
          />
          <NumberField
            label={t('fields.sortOrder')}
            value={draft.sortOrder ?? 0}
            min={0}
            onChange={(value) => set('sortOrder', num(value))}
          />
        </SimpleGrid>

        <Title order={5}>{t('sections.content')}</Title>
        <Tabs value={language} onChange={(value) => value && setLanguage(value as LanguageCode)}>
          <Tabs.List>
            {languageCodes.map((code) => {
              const written = isWritten(draft.texts, code);
              return (
                <Tabs.Tab
                  key={code}
                  value={code}
                  fw={written ? 700 : 400}
                  data-testid={`promotion-language-${code}`}
                  data-written={written}
                  rightSection={
                    written ? undefined : (
                      <span style={{ fontSize: 10, color: 'var(--mantine-color-yellow-filled)' }}>
                        {t('preview.emptyMarker')}
                      </span>
                    )
                  }
                >
                  {code}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
        </Tabs>
        <TextInput
          label={t('fields.title')}
          value={text.title}
          onChange={(event) => setText({ title: event.currentTarget.value })}
          data-testid="promotion-title"
        />
        <RichTextEditor
          key={`content-${language}`}
          t={t}
          label={t('fields.content')}
          initialHtml={text.content}
          onChange={(content) => setText({ content })}
          testId="promotion-content"
        />
        <RichTextEditor
          key={`terms-${language}`}
          t={t}
          label={t('fields.terms')}
          initialHtml={text.terms}
          onChange={(terms) => setText({ terms })}
        />
        <Suspense fallback={null}>
          <PromotionPreview draft={draft} language={language} />
        </Suspense>
        <SimpleGrid cols={2}>
          <FileInput
            label={t('fields.banner')}
            accept={BANNER_TYPES.join(',')}
            onChange={(file) => void onBanner(file)}
            placeholder={upload.isPending ? t('uploading') : draft.bannerUrl || undefined}
          />
          <TextInput
            label={t('fields.groupName')}
            value={draft.groupName}
            onChange={(event) => set('groupName', event.currentTarget.value)}
          />
        </SimpleGrid>

        <Divider />
        <Title order={5}>{t('sections.schedule')}</Title>
        <SimpleGrid cols={2}>
          <TextInput
            type="datetime-local"
            label={t('fields.startsAt')}
            value={toLocal(draft.startsAtMs)}
            onChange={(event) =>
              set('startsAtMs', fromLocal(event.currentTarget.value, draft.startsAtMs))
            }
          />
          <TextInput
            type="datetime-local"
            label={t('fields.endsAt')}
            value={toLocal(draft.endsAtMs)}
            onChange={(event) =>
              set('endsAtMs', fromLocal(event.currentTarget.value, draft.endsAtMs))
            }
          />
        </SimpleGrid>

        <Divider />
        <Title order={5}>{t('sections.qualifier')}</Title>
        <SimpleGrid cols={3}>
          <Switch
            label={t('fields.newPlayersOnly')}
            checked={qualifier.newPlayersOnly}
            onChange={(event) => setQualifier({ newPlayersOnly: event.currentTarget.checked })}
          />
          <NumberField
            label={t('fields.depositNth')}
            value={qualifier.depositNth ?? ''}
            min={1}
            onChange={(value) => setQualifier({ depositNth: value === '' ? null : num(value, 1) })}
          />
          <NumberField
            label={t('fields.vipRankMin')}
            value={qualifier.vipRankMin ?? ''}
            min={0}
            onChange={(value) => setQualifier({ vipRankMin: value === '' ? null : num(value) })}
          />
          <TextInput
            label={t('fields.memberLabels')}
            description={t('commaSeparated')}
            defaultValue={(qualifier.memberLabels ?? []).join(', ')}
            onChange={(event) => setQualifier({ memberLabels: listOf(event.currentTarget.value) })}
          />
          <TextInput
            label={t('fields.agentIds')}
            description={t('commaSeparated')}
            defaultValue={(qualifier.agentIds ?? []).join(', ')}
            onChange={(event) => setQualifier({ agentIds: listOf(event.currentTarget.value) })}
          />
        </SimpleGrid>

        <Divider />
        <Title order={5}>{t('sections.reward')}</Title>
        <SimpleGrid cols={3}>
          <NativeSelect
            label={t('fields.reward')}
            value={reward.kind}
            data={rewardKinds.map((value) => ({ value, label: t(`rewardKind.${value}`) }))}
            onChange={(event) =>
              set('reward', rewardOf(event.currentTarget.value as RewardKind, draft.endsAtMs))
            }
            data-testid="promotion-reward-kind"
          />
          {(reward.kind === 'bonus_fixed' || reward.kind === 'cash_fixed') && (
            <NumberField
              label={t('fields.amount')}
              value={reward.amount}
              min={0}
              decimalScale={2}
              onChange={(value) => setReward({ amount: num(value) })}
              data-testid="promotion-reward-amount"
            />
          )}
          {reward.kind === 'bonus_percent' && (
            <>
              <NumberField
                label={t('fields.percent')}
                value={reward.percentBp / 100}
                min={0}
                decimalScale={2}
                onChange={(value) => setReward({ percentBp: Math.round(num(value) * 100) })}
              />
              <NumberField
                label={t('fields.cap')}
                value={reward.capAmount}
                min={0}
                decimalScale={2}
                onChange={(value) => setReward({ capAmount: num(value) })}
              />
              <NumberField
                label={t('fields.minDeposit')}
                value={reward.minDepositAmount ?? 0}
                min={0}
                decimalScale={2}
                onChange={(value) => setReward({ minDepositAmount: num(value) })}
              />
            </>
          )}
          {reward.kind === 'points' && (
            <NumberField
              label={t('pointsField')}
              value={reward.points}
              min={1}
              max={PROMOTION_POINTS_MAX}
              onChange={(value) => setReward({ points: num(value, 1) })}
              data-testid="promotion-reward-points"
            />
          )}
          {reward.kind === 'free_spins' && (
            <>
              <NativeSelect
                label={t('fields.freeSpinGame')}
                value={reward.gameCode}
                data={PROMOTION_FREE_SPIN_GAME_CODES.map((code) => ({ value: code, label: code }))}
                onChange={(event) => setReward({ gameCode: event.currentTarget.value })}
                data-testid="promotion-reward-free-spin-game"
              />
              <NumberField
                label={t('fields.freeSpins')}
                value={reward.spins}
                min={1}
                max={PROMOTION_FREE_SPINS_MAX}
                onChange={(value) => setReward({ spins: num(value, 1) })}
                data-testid="promotion-reward-free-spins"
              />
              <NumberField
                label={t('fields.freeSpinBetPerLine')}
                value={reward.betPerLine}
                min={0}
                decimalScale={2}
                onChange={(value) => setReward({ betPerLine: num(value) })}
              />
            </>
          )}
          {reward.kind === 'raffle' && (
            <>
              <NumberField
                label={t('fields.ticketEvery')}
                value={reward.ticketEveryAmount}
                min={0}
                decimalScale={2}
                onChange={(value) => setReward({ ticketEveryAmount: num(value) })}
              />
              <TextInput
                label={t('fields.prizes')}
                description={t('commaSeparated')}
                defaultValue={reward.prizes.join(', ')}
                onChange={(event) =>
                  setReward({ prizes: listOf(event.currentTarget.value).map(Number) })
                }
              />
              <TextInput
                type="datetime-local"
                label={t('fields.drawAt')}
                value={toLocal(reward.drawAtMs)}
                onChange={(event) =>
                  setReward({ drawAtMs: fromLocal(event.currentTarget.value, reward.drawAtMs) })
                }
              />
            </>
          )}
        </SimpleGrid>

        {isBonus && (
          <>
            <Divider />
            <Title order={5}>{t('sections.wagering')}</Title>
            <SimpleGrid cols={4}>
              <NumberField
                label={t('fields.multiple')}
                value={wagering.multiple ?? 0}
                min={0}
                decimalScale={2}
                onChange={(value) => setWagering({ multiple: num(value) })}
              />
              <NativeSelect
                label={t('fields.base')}
                value={wagering.base}
                data={[
                  { value: 'bonus', label: t('base.bonus') },
                  { value: 'bonus_plus_deposit', label: t('base.bonus_plus_deposit') },
                ]}
                onChange={(event) =>
                  setWagering({
                    base: event.currentTarget.value as PromotionBody['wagering']['base'],
                  })
                }
              />
              <NumberField
                label={t('fields.maxBet')}
                value={wagering.maxBetAmount ?? ''}
                min={0}
                decimalScale={2}
                onChange={(value) =>
                  setWagering({ maxBetAmount: value === '' ? null : num(value) })
                }
              />
              <NumberField
                label={t('fields.expiryDays')}
                value={wagering.expiryDays ?? 7}
                min={1}
                onChange={(value) => setWagering({ expiryDays: num(value, 1) })}
              />
              {gameCategories.map((category) => (
                <NumberField
                  key={category}
                  label={t('fields.weight', { category })}
                  value={wagering.categoryWeightsPercent?.[category] ?? ''}
                  placeholder={t('defaultWeight')}
                  min={0}
                  max={100}
                  suffix=" %"
                  onChange={(value) => {
                    const weights = { ...wagering.categoryWeightsPercent };
                    if (value === '') delete weights[category];
                    else weights[category] = num(value);
                    setWagering({ categoryWeightsPercent: weights });
                  }}
                />
              ))}
            </SimpleGrid>
          </>
        )}

        {problem && <Alert color="red">{problem}</Alert>}
        {save.error && <Alert color="red">{errorText(t, save.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button loading={save.isPending} onClick={submit} data-testid="promotion-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
