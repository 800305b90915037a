import { Button, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Icon, type IconProps } from '../../../components/icons';
import { DIALOG_WIDTH } from '../../../lib/theme';

interface RegisterSuccessDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Opens the deposit: a new member's next step. */
  onDeposit: () => void;
}

/** SPEC §2 registerSuccessModal: 'in_registered_successfully', with the way to a first deposit. */
export default function RegisterSuccessDialog({
  opened,
  onClose,
  onDeposit,
}: RegisterSuccessDialogProps) {
  const { t } = useTranslation('registration');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('success_title')}
      size={DIALOG_WIDTH}
      centered
      styles={{ title: { fontWeight: 700 } }}
    >
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="teal">
          <CheckCircleIcon size={32} />
        </ThemeIcon>
        <Text fw={600} size="lg" role="status">
          {t('in_registered_successfully')}
        </Text>
        <Button fullWidth onClick={onDeposit}>
          {t('deposit_now')}
        </Button>
        <Button fullWidth variant="default" onClick={onClose}>
          {t('ok')}
        </Button>
      </Stack>
    </Modal>
  );
}

/** Only this lazy screen draws it: kept out of the initial chunk, where components/icons.tsx is. */
function CheckCircleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12.5l2.7 2.7L16 10" />
    </Icon>
  );
}
