import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '../../../lib/theme';
import { LoginForm, type LoginFormProps } from './login-form';

export interface LoginModalProps extends LoginFormProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The login pop-up (SPEC §2 loginPopupModal). The username/SMS switcher shows only when SMS
 * login is on (SPEC §2), which comes with SMS login itself.
 */
export default function LoginModal({ opened, onClose, ...formProps }: LoginModalProps) {
  const { t } = useTranslation('session');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('login_title')}
      size={MODAL_WIDTH}
      centered
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {opened && <LoginForm {...formProps} />}
    </Modal>
  );
}
