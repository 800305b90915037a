import { Button } from '@mantine/core';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';

const DepositModal = lazyWithRetry(() => import('./deposit-modal'));

/** The header's Deposit button; the form loads the first time it is opened. */
export function DepositButton() {
  const { t } = useTranslation('payments');
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        size="sm"
        data-phone-compact
        onClick={() => {
          setLoaded(true);
          setOpened(true);
        }}
      >
        {t('deposit')}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <DepositModal opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
