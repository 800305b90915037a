import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import {
  colorSchemeManager,
  cssVariablesResolver,
  DEFAULT_COLOR_SCHEME,
  theme,
} from '../lib/theme';
import { usePrivateDataReset } from './hooks/use-private-data-reset';
import { createQueryClient } from './query-client';

function SessionWatcher({ children }: { children: ReactNode }) {
  usePrivateDataReset();
  return children;
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={DEFAULT_COLOR_SCHEME}
    >
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <SessionWatcher>{children}</SessionWatcher>
        </I18nextProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
