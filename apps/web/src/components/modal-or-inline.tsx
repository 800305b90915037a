import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { MODAL_WIDTH } from '../lib/theme';

/**
 * A form's frame: a modal of the default width (SPEC §2), or, `inline`, just the form, for a
 * page that already has its own frame (the member centre's deposit and withdraw pages).
 */
export function ModalOrInline({
  inline = false,
  opened,
  onClose,
  title,
  children,
}: {
  inline?: boolean;
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  if (inline) return <>{children}</>;
  return (
    <Modal opened={opened} onClose={onClose} size={MODAL_WIDTH} title={title} centered>
      {children}
    </Modal>
  );
}
