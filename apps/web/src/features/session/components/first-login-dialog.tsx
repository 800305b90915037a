import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The first-login action (SPEC §4 firstTimeLogin): a welcome that points to the deposit. */
export default function FirstLoginDialog({
  opened,
  onClose,
  onDeposit,
}: {
  opened: boolean;
  onClose: () => void;
  onDeposit: () => void;
}) {
  const { t } = useTranslation('access');
  return (
    <Modal opened={opened} onClose={onClose} centered title={t('first_login_title')} size="sm">
      <Text mb="lg">{t('first_login_text')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('first_login_later')}
        </Button>
        <Button onClick={onDeposit}>{t('first_login_deposit')}</Button>
      </Group>
    </Modal>
  );
}
