import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDemoTexts } from '../../../lib/demo-texts';
import { clearSession } from '../../../lib/session-token';
import { logout } from '../api/logout-api';

/**
 * SPEC §6/§8: a trial account asked for a member feature ('in_need_true_account'). Instead of a
 * bare OK, the dialog says what the demo can and cannot do and offers the way out: "Create a
 * real account" ends the demo session (server and tab) and then `onRegister` opens registration.
 */
export default function TrialWarningDialog({
  opened,
  onClose,
  onRegister,
}: {
  opened: boolean;
  onClose: () => void;
  onRegister: () => void;
}) {
  useDemoTexts();
  const { t } = useTranslation(['access', 'demo']);
  const leave = useMutation({
    mutationFn: async () => {
      // A session the server no longer knows is over anyway: the tab ends it whatever it answers.
      await logout().catch(() => undefined);
      clearSession();
    },
    onSuccess: onRegister,
  });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      size="md"
      title={t('demo:title')}
      data-testid="trial-warning-dialog"
    >
      <Stack gap="sm">
        <Text fw={600} data-testid="trial-warning">
          {t('in_need_true_account')}
        </Text>
        <Text size="sm">{t('demo:can')}</Text>
        <Text size="sm" c="dimmed">
          {t('demo:cannot')}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('demo:keep_playing')}
          </Button>
          <Button loading={leave.isPending} onClick={() => leave.mutate()}>
            {t('demo:create_account')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
