import { CHAT_MUTE_MINUTES_MAX } from '@app/contract/client';
import { Alert, Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../lib/error-text';
import { useMute } from './chat-api';
import { useMessagesTexts } from './texts';

/** The mute length the form offers first, in minutes (any other up to the maximum). */
const DEFAULT_MUTE_MINUTES = 60;

/** Mutes (or with 0 minutes unmutes) a member in the chat room, with an optional reason. */
export default function ChatMuteModal({
  account,
  onClose,
}: {
  account: string;
  onClose: () => void;
}) {
  const { t } = useMessagesTexts();
  const mute = useMute();
  const [minutes, setMinutes] = useState<number>(DEFAULT_MUTE_MINUTES);
  const [reason, setReason] = useState('');
  return (
    <Modal opened onClose={onClose} title={t('chat.muteTitle', { account })}>
      <Stack gap="sm">
        <NumberInput
          label={t('chat.minutes')}
          description={t('chat.minutesNote')}
          min={0}
          max={CHAT_MUTE_MINUTES_MAX}
          value={minutes}
          onChange={(value) => setMinutes(Number(value) || 0)}
          data-testid="chat-mute-minutes"
        />
        <TextInput
          label={t('chat.reason')}
          value={reason}
          maxLength={200}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        {mute.error && (
          <Alert color="red" role="alert">
            {errorText(t, mute.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            color="orange"
            loading={mute.isPending}
            onClick={() =>
              mute.mutate(
                { memberAccount: account, minutes, ...(reason.trim() ? { reason } : {}) },
                { onSuccess: onClose },
              )
            }
            data-testid="chat-mute-confirm"
          >
            {minutes === 0 ? t('chat.unmute') : t('chat.mute')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
