import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  colorSchemeManager,
  cssVariablesResolver,
  DEFAULT_COLOR_SCHEME,
  theme,
} from '../lib/theme';

/**
 * The UI kit's provider (theme, colour scheme, CSS variables), around every screen built with
 * Mantine's components. A lazy chunk of its own (app/ui-kit.tsx): the entry's screens (loading,
 * a failed load) are plain markup, so that the kit's code is not in the initial JavaScript.
 */
export function MantineShell({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={DEFAULT_COLOR_SCHEME}
    >
      {children}
    </MantineProvider>
  );
}
