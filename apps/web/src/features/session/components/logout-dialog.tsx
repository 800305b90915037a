import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH } from '../../../lib/theme';
import { useLogout } from '../hooks/use-logout';

interface LogoutDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** The sign-out confirmation of SPEC §8: prompt, 'sure to sign out', cancel, submit. */
export default function LogoutDialog({ opened, onClose }: LogoutDialogProps) {
  const { t } = useTranslation('session');
  const logout = useLogout();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('prompt')}
      size={DIALOG_WIDTH}
      centered
      styles={{ title: { fontWeight: 700 } }}
    >
      <Text mb="xl">{t('sure_to_sign_out')}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={logout.isPending}>
          {t('cancel')}
        </Button>
        <Button
          loading={logout.isPending}
          onClick={() => logout.mutate(undefined, { onSuccess: onClose })}
        >
          {t('submit')}
        </Button>
      </Group>
    </Modal>
  );
}
