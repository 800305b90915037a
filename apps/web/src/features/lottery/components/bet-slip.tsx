import {
  formatAmount,
  formatChipAmount,
  type LotteryDraw,
  type LotteryGame,
} from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlaceSlip } from '../api/lottery-api';
import { useLotteryAccess } from '../lottery-access';
import {
  LOTTERY_SLIP_LINES_MAX,
  lineProblem,
  parseAmountText,
  type SlipLine,
  summarizeSlip,
} from '../model/slip';
import { BASIS_POINTS, mathsBetTypeOf, slipRuleOf } from '../model/slip-rules';
import { betTypeLabel } from './bet-type-label';
import { NumberPicker } from './number-picker';

// Opened only when a slip is confirmed: a chunk of its own.
const ConfirmSlipModal = lazy(() => import('./confirm-slip-modal'));

/**
 * The bet slip: a bet type (grouped, with its odds and return to player), the numbers (grid,
 * quick pick, ranges, shortcuts, paste) added as lines, the amount per point, the total before
 * confirming, then a confirm step that places every bet or none.
 */
export function BetSlip({ game, draw }: { game: LotteryGame; draw: LotteryDraw | null }) {
  const { t } = useTranslation('lottery');
  const access = useLotteryAccess();
  // Only the bet types this page knows the rules of (all of them, unless the server is newer).
  const offered = useMemo(
    () =>
      game.betTypes.flatMap((type) => {
        const maths = mathsBetTypeOf(game.format, type.code);
        return maths ? [{ ...type, maths }] : [];
      }),
    [game],
  );
  const [betTypeCode, setBetTypeCode] = useState(offered[0]?.code ?? '');
  const [picks, setPicks] = useState<string[]>([]);
  const [position, setPosition] = useState<number | null>(null);
  const [lines, setLines] = useState<SlipLine[]>([]);
  const [amountText, setAmountText] = useState(() => String(game.defaultAmountPerPoint));
  const amountPerPoint = parseAmountText(amountText) ?? 0;
  const [confirming, setConfirming] = useState(false);
  const [placedNotice, setPlacedNotice] = useState<{ drawId: number; text: string } | null>(null);
  // The notice is about the draw taking bets: once another draw opens, that one has closed (its
  // result shows in My bets), so "bet placed" must not stay on screen.
  if (placedNotice && placedNotice.drawId !== draw?.drawId) setPlacedNotice(null);
  const place = usePlaceSlip(access.username, access.onBalanceChanged);

  const type = offered.find((entry) => entry.code === betTypeCode) ?? offered[0];
  const rule = useMemo(() => (type ? slipRuleOf(type.maths) : null), [type]);
  const line: SlipLine | null = type && rule ? { betType: type.code, rule, picks, position } : null;
  const problem = line ? lineProblem(line) : null;
  const summary = summarizeSlip(lines, amountPerPoint, game);

  const typeOptions = useMemo(() => {
    const groups = new Map<string, { value: string; label: string }[]>();
    for (const entry of offered) {
      const group = t(`bet_group_${entry.maths.group}`, { defaultValue: entry.maths.group });
      const items = groups.get(group) ?? [];
      items.push({ value: entry.code, label: betTypeLabel(t, entry.code) });
      groups.set(group, items);
    }
    return [...groups].map(([group, items]) => ({ group, items }));
  }, [offered, t]);

  const open = draw?.status === 'open';
  const chooseType = (code: string | null) => {
    if (!code) return;
    setBetTypeCode(code);
    setPicks([]);
    setPosition(null);
  };
  const addLine = () => {
    if (!line || problem) return;
    setLines((current) => [...current, line].slice(-LOTTERY_SLIP_LINES_MAX));
    setPicks([]);
    setPlacedNotice(null);
  };
  const onPlace = () => {
    if (!access.isLoggedIn) {
      access.requireLogin();
      return;
    }
    place.reset();
    setPlacedNotice(null);
    setConfirming(true);
  };

  if (!type || !rule) return <Text c="dimmed">{t('no_bet_types')}</Text>;
  return (
    <Paper withBorder p="md" data-testid="bet-slip">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('bet_slip')}
        </Title>
        <NativeSelect
          label={t('bet_type')}
          data={typeOptions}
          value={type.code}
          onChange={(event) => chooseType(event.currentTarget.value)}
          data-testid="bet-type-select"
        />
        <Text size="sm" c="dimmed" data-testid="bet-type-odds">
          {t('odds_rtp', { odds: type.odds, rtp: type.rtp })}
        </Text>
        {type.maths.byPick && (
          <Text size="xs" c="dimmed" data-testid="odds-by-pick">
            {t('odds_by_pick', {
              list: Object.entries(type.maths.byPick)
                .map(
                  ([pick, odds]) =>
                    `${t(`option_${pick}`, { defaultValue: pick })} 1:${odds.oddsBp / BASIS_POINTS}`,
                )
                .join(', '),
            })}
          </Text>
        )}
        <NumberPicker
          key={type.code}
          rule={rule}
          selection={picks}
          onSelectionChange={setPicks}
          position={position}
          onPositionChange={setPosition}
        />
        {problem && picks.length > 0 && (
          <Text size="sm" c="orange">
            {t(`problem_${problem}`, { count: rule.maxPicks })}
          </Text>
        )}
        <Button
          variant="light"
          onClick={addLine}
          disabled={problem !== null}
          data-testid="add-line"
        >
          {t('add_to_slip')}
        </Button>
        {lines.length > 0 && (
          <Stack gap={4} data-testid="slip-lines">
            {lines.map((entry, index) => (
              <Group
                // Lines have no identity but their place; removing one re-keys the rest.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                key={index}
                justify="space-between"
                wrap="nowrap"
                gap="xs"
              >
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {betTypeLabel(t, entry.betType, entry.position)}: {entry.picks.join(', ')}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('remove_line', { type: betTypeLabel(t, entry.betType) })}
                  onClick={() => setLines((current) => current.filter((_, at) => at !== index))}
                >
                  ×
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
        <TextInput
          label={t('amount_per_point')}
          value={amountText}
          onChange={(event) => setAmountText(event.currentTarget.value)}
          inputMode="decimal"
          autoComplete="off"
          data-testid="amount-per-point"
          description={t('stake_limits', {
            min: formatAmount(game.minStakePerBet),
            max: formatAmount(game.maxStakePerBet),
          })}
        />
        <Group gap={6} data-testid="quick-amounts">
          {game.quickAmounts.map((amount) => (
            <Button
              key={amount}
              size="compact-xs"
              variant={amountPerPoint === amount ? 'filled' : 'default'}
              onClick={() => setAmountText(String(amount))}
            >
              {formatChipAmount(amount)}
            </Button>
          ))}
        </Group>
        <Group justify="space-between" data-testid="slip-total">
          <Text size="sm">{t('points_count', { count: summary.points })}</Text>
          <Text fw={700}>
            {t('total')}: {formatAmount(summary.totalAmount)}
          </Text>
        </Group>
        {lines.length > 0 &&
          summary.problems.map((slipProblem) => (
            <Text key={slipProblem} size="sm" c="orange" data-testid="slip-problem">
              {t(`problem_${slipProblem}`, {
                min: formatAmount(game.minStakePerBet),
                max: formatAmount(game.maxStakePerBet),
              })}
            </Text>
          ))}
        {placedNotice && (
          <Alert color="teal" role="status" data-testid="slip-placed">
            {placedNotice.text}
          </Alert>
        )}
        <Group grow>
          <Button variant="default" onClick={() => setLines([])} disabled={lines.length === 0}>
            {t('clear_slip')}
          </Button>
          <Button
            onClick={onPlace}
            disabled={!open || summary.problems.length > 0}
            data-testid="place-bets"
          >
            {open ? t('place_bets') : t('betting_closed')}
          </Button>
        </Group>
      </Stack>
      {confirming && (
        <Suspense fallback={null}>
          <ConfirmSlipModal
            opened={confirming}
            game={game}
            draw={draw}
            summary={summary}
            pending={place.isPending}
            error={place.isError ? errorText(t, place.error) : null}
            onCancel={() => setConfirming(false)}
            onConfirm={(slipId) => {
              if (!draw) return;
              place.mutate(
                {
                  slipId,
                  gameCode: game.gameCode,
                  drawId: draw.drawId,
                  bets: summary.bets,
                  totalAmount: summary.totalAmount,
                },
                {
                  onSuccess: (placed) => {
                    setConfirming(false);
                    setLines([]);
                    setPlacedNotice({
                      drawId: draw.drawId,
                      text: t('slip_placed', {
                        count: placed.bets.length,
                        drawNo: placed.drawNo,
                        total: formatAmount(placed.totalAmount),
                      }),
                    });
                  },
                },
              );
            }}
          />
        </Suspense>
      )}
    </Paper>
  );
}
