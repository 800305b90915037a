import {
  Button,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  allNumbers,
  gridPage,
  gridPageCount,
  hasDistinctDigits,
  headNumbers,
  parsePastedNumbers,
  quickPickFrom,
  rangeShortcuts,
  shortcutNumbers,
  tailNumbers,
  toggleMany,
  toggleOne,
} from '../model/number-picks';
import type { SlipRule } from '../model/slip';
import { NumberGrid } from './number-grid';

/** Numbers a quick pick draws unless the player asks for another count. */
const DEFAULT_QUICK_PICK_COUNT = 1;
const DIGITS = Array.from({ length: 10 }, (_, digit) => digit);

/** Math.random is enough for a suggestion: the draw, not the pick, decides. */
const pickRandom = () => Math.random();

/**
 * Picking a bet's numbers: the grid (3-digit numbers a hundred at a time), quick pick, heads
 * and tails (2 digits), big/small/odd/even/all shortcuts, a pasted list; or the options of an
 * option bet (BIG, ODD, a sum...); and the position of position bets.
 */
export function NumberPicker({
  rule,
  selection,
  onSelectionChange,
  position,
  onPositionChange,
}: {
  rule: SlipRule;
  selection: string[];
  onSelectionChange: (numbers: string[]) => void;
  position: number | null;
  onPositionChange: (position: number) => void;
}) {
  const { t } = useTranslation('lottery');
  const positionLabelId = useId();
  const [page, setPage] = useState(0);
  const [quickCount, setQuickCount] = useState<number>(
    Math.max(DEFAULT_QUICK_PICK_COUNT, rule.minPicks, rule.comboSize),
  );
  const [pasted, setPasted] = useState('');
  const [rejected, setRejected] = useState<string[]>([]);

  const positionChooser = rule.positions > 0 && (
    <Stack gap={2}>
      <Text size="sm" fw={500} id={positionLabelId}>
        {t('position')}
      </Text>
      <SegmentedControl
        aria-labelledby={positionLabelId}
        fullWidth
        value={position === null ? '' : String(position)}
        onChange={(value) => onPositionChange(Number(value))}
        data={Array.from({ length: rule.positions }, (_, index) => ({
          value: String(index),
          // Shown as a bare number; read as "Position 1".
          label: (
            <>
              <VisuallyHidden>{t('position')} </VisuallyHidden>
              {index + 1}
            </>
          ),
        }))}
        data-testid="position-chooser"
      />
    </Stack>
  );

  if (rule.kind === 'options') {
    return (
      <Stack gap="xs">
        {positionChooser}
        <NumberGrid
          numbers={rule.options}
          selected={selection}
          onToggle={(option) => onSelectionChange(toggleOne(selection, option))}
          label={t('choose_options')}
          columns={Math.min(rule.options.length, 6)}
          labelOf={(option) => t(`option_${option}`, { defaultValue: option })}
        />
        <Button
          size="xs"
          variant="light"
          w="fit-content"
          onClick={() => onSelectionChange(quickPickFrom(rule.options, 1, pickRandom))}
          data-testid="quick-pick"
        >
          {t('quick_pick')}
        </Button>
      </Stack>
    );
  }

  const pages = gridPageCount(rule.digits);
  const numbers = gridPage(rule.digits, Math.min(page, pages - 1));
  const applyPaste = () => {
    const read = parsePastedNumbers(pasted, rule.digits);
    setRejected(read.rejected);
    if (read.numbers.length > 0) onSelectionChange(toggleMany(selection, read.numbers));
  };

  return (
    <Stack gap="xs">
      {positionChooser}
      {pages > 1 && (
        <SegmentedControl
          aria-label={t('number_range')}
          size="xs"
          value={String(page)}
          onChange={(value) => setPage(Number(value))}
          data={Array.from({ length: pages }, (_, index) => ({
            value: String(index),
            label: `${index}${'x'.repeat(rule.digits - 1)}`,
          }))}
        />
      )}
      <NumberGrid
        numbers={numbers}
        selected={selection}
        onToggle={(number) => onSelectionChange(toggleOne(selection, number))}
        label={t('choose_numbers')}
      />
      <Group gap={4} wrap="wrap" aria-label={t('shortcuts')} role="toolbar">
        {rangeShortcuts.map((shortcut) => (
          <Button
            key={shortcut}
            size="compact-xs"
            variant="default"
            onClick={() =>
              onSelectionChange(toggleMany(selection, shortcutNumbers(shortcut, numbers)))
            }
          >
            {t(`shortcut_${shortcut}`)}
          </Button>
        ))}
        <Button size="compact-xs" variant="default" onClick={() => onSelectionChange([])}>
          {t('clear')}
        </Button>
      </Group>
      {rule.digits === 2 && (
        <Stack gap={4}>
          <Group gap={4} wrap="wrap">
            <Text size="xs" w={48}>
              {t('head')}
            </Text>
            {DIGITS.map((digit) => (
              <Button
                key={digit}
                size="compact-xs"
                variant="light"
                aria-label={t('head_digit', { digit })}
                onClick={() => onSelectionChange(toggleMany(selection, headNumbers(digit, 2)))}
              >
                {digit}
              </Button>
            ))}
          </Group>
          <Group gap={4} wrap="wrap">
            <Text size="xs" w={48}>
              {t('tails')}
            </Text>
            {DIGITS.map((digit) => (
              <Button
                key={digit}
                size="compact-xs"
                variant="light"
                aria-label={t('tail_digit', { digit })}
                onClick={() => onSelectionChange(toggleMany(selection, tailNumbers(digit, 2)))}
              >
                {digit}
              </Button>
            ))}
          </Group>
        </Stack>
      )}
      <Group gap="xs" align="flex-end">
        <TextInput
          label={t('quick_pick_count')}
          value={String(quickCount)}
          onChange={(event) => {
            const count = Number.parseInt(event.currentTarget.value, 10);
            setQuickCount(Number.isNaN(count) ? 1 : Math.max(1, Math.min(count, rule.maxPicks)));
          }}
          inputMode="numeric"
          w={110}
          size="xs"
        />
        <Button
          size="xs"
          variant="light"
          onClick={() =>
            onSelectionChange(
              quickPickFrom(
                rule.distinctDigits
                  ? allNumbers(rule.digits).filter(hasDistinctDigits)
                  : allNumbers(rule.digits),
                Math.min(quickCount, rule.maxPicks),
                pickRandom,
              ),
            )
          }
          data-testid="quick-pick"
        >
          {t('quick_pick')}
        </Button>
      </Group>
      <Group gap="xs" align="flex-end">
        <Textarea
          label={t('paste_numbers')}
          description={t('paste_hint', { digits: rule.digits })}
          value={pasted}
          onChange={(event) => setPasted(event.currentTarget.value)}
          autosize
          minRows={1}
          maxRows={4}
          size="xs"
          style={{ flex: 1 }}
        />
        <Button size="xs" variant="default" onClick={applyPaste}>
          {t('paste_add')}
        </Button>
      </Group>
      {rejected.length > 0 && (
        <Text size="xs" c="orange" role="status">
          {t('paste_rejected', { numbers: rejected.slice(0, 10).join(', ') })}
        </Text>
      )}
      <Text size="sm" data-testid="selection">
        {selection.length > 0
          ? t('selected_numbers', { count: selection.length, numbers: selection.join(', ') })
          : t('nothing_selected')}
      </Text>
    </Stack>
  );
}
