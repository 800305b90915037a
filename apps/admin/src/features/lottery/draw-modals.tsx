import { adminLotteryEnterResultCall, adminLotteryVoidDrawCall } from '@app/contract';
import { Alert, Button, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format';
import { bodySchemaOf, zodResolver } from '../../lib/zod-resolver';
import {
  type AdminLotteryDraw,
  useConfirmResult,
  useEnterResult,
  useVoidDraw,
} from './api/lottery-draws';
import { checkResult, type PrizeShape, type ResultTexts, resultShapes } from './result-format';

interface DrawModalProps {
  draw: AdminLotteryDraw;
  onClose: () => void;
  onDone: () => void;
}

function DrawSummary({ draw }: { draw: AdminLotteryDraw }) {
  return (
    <Text>
      {draw.gameCode} · {draw.drawNo} · {formatDateTime(draw.drawAtMs)}
    </Text>
  );
}

const resultSchema = bodySchemaOf(adminLotteryEnterResultCall).shape.result;

function PrizeInput({
  prize,
  value,
  error,
  onChange,
}: {
  prize: PrizeShape;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t(`lottery.prize.${prize.code}`, { defaultValue: prize.code })}
      description={t('lottery.enter.shape', {
        count: prize.count,
        digits: prize.digits,
        min: prize.minDigit,
        max: prize.maxDigit,
      })}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error && t(error, { count: prize.count, digits: prize.digits })}
      data-testid={`prize-${prize.code}`}
    />
  );
}

/** Enter a real draw's result, one field per prize of the game's format. */
export function EnterResultModal({ draw, onClose, onDone }: DrawModalProps) {
  const { t } = useTranslation();
  const format = draw.format;
  const prizes = format ? resultShapes[format] : [];
  const [texts, setTexts] = useState<ResultTexts>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const enter = useEnterResult(draw.drawId, onDone);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const check = checkResult(texts, prizes, resultSchema);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    enter.mutate(check.result);
  };
  return (
    <Modal opened onClose={onClose} title={t('lottery.enter.title')} size="lg">
      <form onSubmit={submit} noValidate data-testid="enter-result-form">
        <Stack>
          <DrawSummary draw={draw} />
          {format ? (
            <Text size="sm" c="dimmed" data-testid="result-format">
              {t('lottery.enter.format', { format })}
            </Text>
          ) : (
            <Alert color="yellow">{t('lottery.enter.unknownFormat')}</Alert>
          )}
          {prizes.map((prize) => (
            <PrizeInput
              key={prize.code}
              prize={prize}
              value={texts[prize.code] ?? ''}
              error={errors[prize.code]}
              onChange={(value) => setTexts((current) => ({ ...current, [prize.code]: value }))}
            />
          ))}
          {errors.root && <Alert color="red">{t(errors.root)}</Alert>}
          {enter.error && <Alert color="red">{errorText(t, enter.error)}</Alert>}
          <Button
            type="submit"
            disabled={!format}
            loading={enter.isPending}
            data-testid="enter-result-submit"
          >
            {t('lottery.enter.submit')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

/** A result's prize codes in the game format's display order (unknown codes last). */
function prizeOrderOf(draw: AdminLotteryDraw, result: Record<string, readonly string[]>): string[] {
  const format = draw.format;
  const known = format ? resultShapes[format].map((prize) => prize.code) : [];
  const present = known.filter((code) => code in result);
  return [...present, ...Object.keys(result).filter((code) => !present.includes(code))];
}

/** A draw's drawn result, prize by prize in the format's order. */
export function ResultView({ draw }: { draw: AdminLotteryDraw }) {
  const { t } = useTranslation();
  const result = draw.result;
  if (!result) return null;
  return (
    <Stack gap={2} data-testid="entered-result">
      {prizeOrderOf(draw, result).map((code) => (
        <Text key={code} size="sm">
          {t(`lottery.prize.${code}`, { defaultValue: code })}: {result[code]?.join(' ')}
        </Text>
      ))}
    </Stack>
  );
}

/** Confirm another operator's entry: the draw is then drawn and settled on the server. */
export function ConfirmResultModal({ draw, onClose, onDone }: DrawModalProps) {
  const { t } = useTranslation();
  const confirm = useConfirmResult(draw.drawId, onDone);
  return (
    <Modal opened onClose={onClose} title={t('lottery.confirm.title')}>
      <Stack>
        <DrawSummary draw={draw} />
        <Text size="sm" c="dimmed">
          {t('lottery.confirm.hint')}
        </Text>
        <ResultView draw={draw} />
        {confirm.error && (
          <Alert color="red" data-testid="confirm-error">
            {errorText(t, confirm.error)}
          </Alert>
        )}
        <Button
          loading={confirm.isPending}
          onClick={() => confirm.mutate()}
          data-testid="confirm-result-submit"
        >
          {t('lottery.confirm.submit')}
        </Button>
      </Stack>
    </Modal>
  );
}

const voidReasonSchema = bodySchemaOf(adminLotteryVoidDrawCall).pick({ reason: true });

/** Void a draw with a reason: every bet on it is refunded once. */
export function VoidDrawModal({ draw, onClose, onDone }: DrawModalProps) {
  const { t } = useTranslation();
  const form = useForm<{ reason: string }>({
    defaultValues: { reason: '' },
    resolver: zodResolver(voidReasonSchema),
  });
  const voidDraw = useVoidDraw(draw.drawId, onDone);
  const reasonError = form.formState.errors.reason?.message;
  return (
    <Modal opened onClose={onClose} title={t('lottery.void.title')}>
      <form onSubmit={form.handleSubmit(({ reason }) => voidDraw.mutate(reason))} noValidate>
        <Stack>
          <DrawSummary draw={draw} />
          <Text size="sm">{t('lottery.void.warning', { count: draw.betCount })}</Text>
          <Textarea
            label={t('lottery.void.reason')}
            rows={3}
            error={reasonError && t(reasonError)}
            data-testid="void-reason"
            {...form.register('reason')}
          />
          {voidDraw.error && <Alert color="red">{errorText(t, voidDraw.error)}</Alert>}
          <Button type="submit" color="red" loading={voidDraw.isPending} data-testid="void-submit">
            {t('lottery.void.submit')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
