import { adminLotteryGameSettingsSchema } from '@app/contract';
import { Alert, Button, Checkbox, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { errorText } from '../../lib/error-text';
import { zodResolver } from '../../lib/zod-resolver';
import {
  type AdminLotteryGame,
  type AdminLotteryGameSettings,
  useConfigureGame,
} from './api/lottery-games';
import { useLotteryTexts } from './texts';

/** The form's values as the game holds them now. */
function settingsOf(game: AdminLotteryGame): AdminLotteryGameSettings {
  return {
    ...(game.schedule.kind === 'interval'
      ? { intervalSeconds: game.schedule.intervalSeconds }
      : { dailyTime: game.schedule.time }),
    closeOffsetSeconds: game.closeOffsetSeconds,
    minStake: game.minStake,
    maxStake: game.maxStake,
    maxLiability: game.maxLiability,
    enabled: game.enabled,
  };
}

type NumberField = Exclude<keyof AdminLotteryGameSettings, 'enabled' | 'dailyTime'>;

export function GameSettingsModal({
  game,
  onClose,
}: {
  game: AdminLotteryGame;
  onClose: () => void;
}) {
  const { t } = useLotteryTexts();
  const form = useForm<AdminLotteryGameSettings>({
    defaultValues: settingsOf(game),
    resolver: zodResolver(adminLotteryGameSettingsSchema),
  });
  const configure = useConfigureGame(game.gameCode, onClose);
  const fields: NumberField[] = [
    ...(game.schedule.kind === 'interval' ? (['intervalSeconds'] as const) : []),
    'closeOffsetSeconds',
    'minStake',
    'maxStake',
    'maxLiability',
  ];
  return (
    <Modal opened onClose={onClose} title={t('games.edit.title', { game: game.name })}>
      <form onSubmit={form.handleSubmit((values) => configure.mutate(values))} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('games.edit.appliesNext')}
          </Text>
          {game.schedule.kind === 'daily' && (
            <TextInput
              type="time"
              label={t('games.fields.dailyTime', { timeZone: game.schedule.timeZone })}
              error={form.formState.errors.dailyTime && t('games.edit.timeInvalid')}
              data-testid="game-dailyTime"
              {...form.register('dailyTime')}
            />
          )}
          <SimpleGrid cols={2}>
            {fields.map((field) => {
              const error = form.formState.errors[field]?.message;
              return (
                <TextInput
                  key={field}
                  type="number"
                  step={field.endsWith('Seconds') ? 1 : 0.01}
                  label={t(`games.fields.${field}`)}
                  error={error && t(error)}
                  data-testid={`game-${field}`}
                  {...form.register(field, { valueAsNumber: true })}
                />
              );
            })}
          </SimpleGrid>
          <Checkbox
            label={t('games.fields.enabled')}
            data-testid="game-enabled"
            {...form.register('enabled')}
          />
          {configure.error && <Alert color="red">{errorText(t, configure.error)}</Alert>}
          <Button type="submit" loading={configure.isPending} data-testid="game-settings-submit">
            {t('games.edit.submit')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
