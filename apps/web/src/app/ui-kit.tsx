import { type ReactNode, Suspense } from 'react';
import { PageLoader } from '../components/page-loader';
import { lazyStartedNow } from '../lib/lazy-with-retry';

/**
 * Mantine's provider and core, loaded beside the entry rather than in it: nearly every visit
 * renders them at once, so the download starts when this module is evaluated.
 */
const MantineShell = lazyStartedNow(() =>
  import('./mantine-shell').then((module) => ({ default: module.MantineShell })),
);

/**
 * Screens built with Mantine's components go inside: the full-screen loader (plain markup)
 * shows until the kit's code is there. On a page painted by the server the boundary keeps the
 * painted markup until then.
 */
export function WithUiKit({
  children,
  fullScreenLoader = true,
}: {
  children: ReactNode;
  fullScreenLoader?: boolean;
}) {
  return (
    <Suspense fallback={<PageLoader fullScreen={fullScreenLoader} />}>
      <MantineShell>{children}</MantineShell>
    </Suspense>
  );
}
