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

function Title() {
  useSliderTexts();
  const { t } = useTranslation('slider');
  return <>{t('title')}</>;
}

/** The slider puzzle in a small pop-up over the form that asked for it. */
export default function SliderChallengeModal({
  opened,
  onSolved,
  onCancel,
}: SliderChallengeModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={
        <Suspense fallback={null}>
          <Title />
        </Suspense>
      }
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
