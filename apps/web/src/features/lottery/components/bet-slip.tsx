import { formatAmount, type LotteryDraw, type LotteryGame } from '@app/contract/client';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { usePlaceSlip } from '../api/lottery-api';
import { useLotteryAccess } from '../lottery-access';
import { summarizeSlip } from '../model/slip';
import { betTypeGroupOf, slipRuleOf } from '../model/slip-rules';
import { betTypeLabel } from './bet-type-label';
import { ConfirmSlipModal } from './confirm-slip-modal';
import { NumberPicker } from './number-picker';

/** The amount per point a new slip starts with (major units). */
const DEFAULT_AMOUNT_PER_POINT = 1;

/**
 * The bet slip: a bet type (grouped, with its odds and return to player), the numbers (grid,
 * quick pick, ranges, shortcuts, paste), the amount per point and points, the total before
 * confirming, then a confirm step that places every bet or none.
 */
export function BetSlip({ game, draw }: { game: LotteryGame; draw: LotteryDraw | null }) {
  const { t } = useTranslation('lottery');
  const access = useLotteryAccess();
  const [betType, setBetType] = useState(game.betTypes[0]?.code ?? '');
  const [selection, setSelection] = useState<string[]>([]);
  const [position, setPosition] = useState<number | null>(null);
  const [amountPerPoint, setAmountPerPoint] = useState<number>(DEFAULT_AMOUNT_PER_POINT);
  const [points, setPoints] = useState<number>(1);
  const [confirming, setConfirming] = useState(false);
  const [placedNotice, setPlacedNotice] = useState<string | null>(null);
  const place = usePlaceSlip(access.username, access.onBalanceChanged);

  const type = game.betTypes.find((entry) => entry.code === betType) ?? game.betTypes[0];
  const rule = slipRuleOf(game.format, type?.code ?? '');
  const summary = summarizeSlip(
    { betType: type?.code ?? '', rule, selection, position, amountPerPoint, points },
    game,
  );
  const typeOptions = useMemo(() => {
    const groups = new Map<string, { value: string; label: string }[]>();
    for (const entry of game.betTypes) {
      const group = t(`bet_group_${betTypeGroupOf(game.format, entry.code)}`, {
        defaultValue: betTypeGroupOf(game.format, entry.code),
      });
      const items = groups.get(group) ?? [];
      items.push({ value: entry.code, label: betTypeLabel(t, entry.code) });
      groups.set(group, items);
    }
    return [...groups].map(([group, items]) => ({ group, items }));
  }, [game, t]);

  const open = draw?.status === 'open';
  const chooseType = (code: string | null) => {
    if (!code) return;
    setBetType(code);
    setSelection([]);
    setPosition(null);
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

  return (
    <Paper withBorder p="md" data-testid="bet-slip">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('bet_slip')}
        </Title>
        <Select
          label={t('bet_type')}
          data={typeOptions}
          value={type?.code ?? null}
          onChange={chooseType}
          allowDeselect={false}
          searchable
          comboboxProps={{ withinPortal: true }}
          data-testid="bet-type-select"
        />
        {type && (
          <Text size="sm" c="dimmed" data-testid="bet-type-odds">
            {t('odds_rtp', { odds: type.odds, rtp: type.rtp })}
          </Text>
        )}
        <NumberPicker
          rule={rule}
          selection={selection}
          onSelectionChange={setSelection}
          position={position}
          onPositionChange={setPosition}
        />
        <Group grow align="flex-start">
          <NumberInput
            label={t('amount_per_point')}
            value={amountPerPoint}
            onChange={(value) => setAmountPerPoint(typeof value === 'number' ? value : 0)}
            min={0}
            decimalScale={2}
            thousandSeparator=","
          />
          <NumberInput
            label={t('points')}
            value={points}
            onChange={(value) => setPoints(typeof value === 'number' ? value : 0)}
            min={1}
            allowDecimal={false}
          />
        </Group>
        <Group justify="space-between" data-testid="slip-total">
          <Text size="sm">{t('bet_count', { count: summary.betCount })}</Text>
          <Text fw={700}>
            {t('total')}: {formatAmount(summary.totalAmount)}
          </Text>
        </Group>
        {summary.problems.length > 0 && selection.length > 0 && (
          <Text size="sm" c="orange" data-testid="slip-problems">
            {summary.problems
              .map((problem) =>
                t(`problem_${problem}`, {
                  min: formatAmount(game.minStakePerBet),
                  max: formatAmount(game.maxStakePerBet),
                }),
              )
              .join(' ')}
          </Text>
        )}
        {placedNotice && (
          <Alert color="teal" role="status" data-testid="slip-placed">
            {placedNotice}
          </Alert>
        )}
        <Button
          onClick={onPlace}
          disabled={!open || summary.bets.length === 0}
          data-testid="place-bets"
        >
          {open ? t('place_bets') : t('betting_closed')}
        </Button>
      </Stack>
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
                setSelection([]);
                setPlacedNotice(
                  t('slip_placed', {
                    count: placed.bets.length,
                    drawNo: placed.drawNo,
                    total: formatAmount(placed.totalAmount),
                  }),
                );
              },
            },
          );
        }}
      />
    </Paper>
  );
}
