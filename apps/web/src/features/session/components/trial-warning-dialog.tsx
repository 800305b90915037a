import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * SPEC §6/§8: a trial account asked for a member feature: 'in_need_true_account' with the
 * 'in_increase_submit' button.
 */
export default function TrialWarningDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('access');
  return (
    <Modal opened={opened} onClose={onClose} centered withCloseButton={false} size="sm">
      <Text ta="center" fw={600} py="md" data-testid="trial-warning">
        {t('in_need_true_account')}
      </Text>
      <Group justify="center">
        <Button onClick={onClose}>{t('in_increase_submit')}</Button>
      </Group>
    </Modal>
  );
}
