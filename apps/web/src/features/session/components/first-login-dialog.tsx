import { Affix, Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The first-login action (SPEC §4 firstTimeLogin): a welcome that points to the deposit. A
 * corner notice, not a modal, so that it never stands between the player and the page.
 */
export default function FirstLoginDialog({
  onClose,
  onDeposit,
}: {
  onClose: () => void;
  onDeposit: () => void;
}) {
  const { t } = useTranslation('access');
  return (
    <Affix position={{ bottom: 20, right: 20 }}>
      <Paper
        withBorder
        shadow="md"
        p="md"
        maw={340}
        role="status"
        aria-label={t('first_login_title')}
      >
        <Group justify="space-between" wrap="nowrap" mb="xs">
          <Text fw={700}>{t('first_login_title')}</Text>
          <CloseButton aria-label={t('first_login_later')} onClick={onClose} />
        </Group>
        <Text size="sm" mb="md">
          {t('first_login_text')}
        </Text>
        <Group justify="flex-end">
          <Button size="xs" variant="default" onClick={onClose}>
            {t('first_login_later')}
          </Button>
          <Button size="xs" onClick={onDeposit}>
            {t('first_login_deposit')}
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}
