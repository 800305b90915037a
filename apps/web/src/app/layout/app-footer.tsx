import { Box } from '@mantine/core';
import { Suspense } from 'react';
import { lazyWithRetry } from '../../lib/lazy-with-retry';

// Below the fold: the footer's links, pictures and queries load after the page.
const FooterContent = lazyWithRetry(() => import('./footer-content'));
/** Keeps the page from jumping when the footer arrives. */
const FOOTER_MIN_HEIGHT = 220;

export function AppFooter({ siteName }: { siteName: string }) {
  return (
    <Box
      component="footer"
      py="xl"
      px="md"
      mt="xl"
      mih={FOOTER_MIN_HEIGHT}
      data-testid="site-footer"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Suspense fallback={null}>
        <FooterContent siteName={siteName} />
      </Suspense>
    </Box>
  );
}
