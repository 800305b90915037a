import { adminUpdatePvpRoomCall } from '@app/contract';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../lib/error-text';
import { type AdminPvpRoom, useUpdatePvpRoom } from './api/games-calls';
import { useGamesTexts } from './texts';

/** An amount typed in major units; text that is no number stays NaN (the schema refuses it). */
function amountOf(text: string): number {
  return /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : Number.NaN;
}

/** A PvP room's stake limits and switch, checked by the call's own schema before sending. */
export default function RoomModal({ room, onClose }: { room: AdminPvpRoom; onClose: () => void }) {
  const { t } = useGamesTexts();
  const update = useUpdatePvpRoom();
  const [minText, setMinText] = useState(String(room.minBet));
  const [maxText, setMaxText] = useState(String(room.maxBet));
  const [enabled, setEnabled] = useState(room.enabled);
  const body = {
    roomId: room.roomId,
    minBet: amountOf(minText),
    maxBet: amountOf(maxText),
    enabled,
  };
  const checked = adminUpdatePvpRoomCall.body?.safeParse(body);
  const invalid = new Set(
    checked && !checked.success ? checked.error.issues.map((issue) => String(issue.path[0])) : [],
  );
  const ready = checked?.success === true;
  return (
    <Modal opened onClose={onClose} title={t('rooms.editTitle', { room: room.roomId })}>
      <Stack>
        <SimpleGrid cols={2}>
          <TextInput
            label={t('rooms.minBet')}
            inputMode="decimal"
            value={minText}
            onChange={(event) => setMinText(event.currentTarget.value)}
            error={invalid.has('minBet') ? t('rooms.invalid') : undefined}
            data-testid="room-min"
          />
          <TextInput
            label={t('rooms.maxBet')}
            inputMode="decimal"
            value={maxText}
            onChange={(event) => setMaxText(event.currentTarget.value)}
            error={invalid.has('maxBet') ? t('rooms.invalid') : undefined}
            data-testid="room-max"
          />
        </SimpleGrid>
        <Switch
          label={t('rooms.enabled')}
          checked={enabled}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
          data-testid="room-enabled"
        />
        {update.error && <Alert color="red">{errorText(t, update.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={!ready}
            loading={update.isPending}
            onClick={() => update.mutate(body, { onSuccess: () => onClose() })}
            data-testid="room-save"
          >
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
