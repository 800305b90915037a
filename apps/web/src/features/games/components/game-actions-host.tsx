import { errorText } from '@app/web-shared/error-text';
import { Notification } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';
import type { GameActions } from '../hooks/use-game-actions';

const VassalageModal = lazyWithRetry(() => import('./vassalage-modal'));

/** The pop-up of sub-games and a failed launch's message, for any list of games. */
export function GameActionsHost({ actions }: { actions: GameActions }) {
  const { t } = useTranslation('games');
  const { error, clearError } = actions.launcher;
  return (
    <>
      {actions.popupGame && (
        <Suspense fallback={null}>
          <VassalageModal
            parent={actions.popupGame}
            actions={actions}
            onClose={actions.closePopup}
          />
        </Suspense>
      )}
      {error ? (
        <Notification
          color="red"
          title={t('launch_failed')}
          onClose={clearError}
          closeButtonProps={{ 'aria-label': t('common:close') }}
          role="alert"
          pos="fixed"
          bottom={16}
          left="50%"
          style={{ transform: 'translateX(-50%)', zIndex: 400, maxWidth: 420, width: '90%' }}
        >
          {errorText(t, error)}
        </Notification>
      ) : null}
    </>
  );
}
