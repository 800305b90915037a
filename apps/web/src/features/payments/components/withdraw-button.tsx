import { Button } from '@mantine/core';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';

const WithdrawModal = lazyWithRetry(() => import('./withdraw-modal'));

/** The header's Withdraw button; `onRequested` lets the page refresh the balance. */
export function WithdrawButton({ onRequested }: { onRequested: () => void }) {
  const { t } = useTranslation('payments');
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="default"
        onClick={() => {
          setLoaded(true);
          setOpened(true);
        }}
      >
        {t('withdraw')}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <WithdrawModal
            opened={opened}
            onClose={() => setOpened(false)}
            onRequested={onRequested}
          />
        </Suspense>
      )}
    </>
  );
}
