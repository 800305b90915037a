import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '../../../lib/theme';
import { RegisterForm, type RegisterFormProps } from './register-form';

export interface RegisterModalProps extends Omit<RegisterFormProps, 'mode'> {
  opened: boolean;
  onClose: () => void;
  /** Social sign-in buttons under the form (SPEC §2), composed by the app. */
  socialSignIn?: ReactNode;
}

/** The register pop-up from the header (SPEC §2 registerModal): no reset, a link to login. */
export default function RegisterModal({
  opened,
  onClose,
  socialSignIn,
  ...formProps
}: RegisterModalProps) {
  const { t } = useTranslation('registration');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('register_title')}
      size={MODAL_WIDTH}
      centered
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {opened && <RegisterForm mode="modal" {...formProps} />}
      {opened && socialSignIn}
    </Modal>
  );
}
