import { Modal } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSliderTexts } from '../lib/slider-texts';
import { DIALOG_WIDTH } from '../lib/theme';
import SliderPuzzle from './slider-puzzle';

export interface SliderChallengeModalProps {
  opened: boolean;
  onSolved: (challengeToken: string) => void;
  onCancel: () => void;
}

/**
 * The slider puzzle in a small pop-up over the form that asked for it. Its close button gives
 * up on this send only; Escape (which Mantine hands to every open pop-up) also closes the form's.
 */
export default function SliderChallengeModal({
  opened,
  onSolved,
  onCancel,
}: SliderChallengeModalProps) {
  useSliderTexts();
  const { t } = useTranslation('slider');
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('title')}
      closeButtonProps={{ 'aria-label': t('close') }}
      size={DIALOG_WIDTH}
      centered
      // Above the login or register pop-up that opened it.
      zIndex={300}
      styles={{ title: { fontWeight: 700 } }}
    >
      <Suspense fallback={null}>{opened && <SliderPuzzle onSolved={onSolved} />}</Suspense>
    </Modal>
  );
}
