import { createQueryClient } from '@app/web-shared/query-client';
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import {
  colorSchemeManager,
  cssVariablesResolver,
  DEFAULT_COLOR_SCHEME,
  theme,
} from '../lib/theme';
import { seedBootData } from './boot-data';
import { usePrivateDataReset } from './hooks/use-private-data-reset';

function SessionWatcher({ children }: { children: ReactNode }) {
  usePrivateDataReset();
  return children;
}

/** `queryClient`: the server's render brings its own (apps/web/src/ssr/entry-server.tsx). */
export function Providers({
  children,
  queryClient: given,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => {
    if (given) return given;
    const client = createQueryClient();
    seedBootData(client);
    return client;
  });
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={DEFAULT_COLOR_SCHEME}
    >
      <QueryClientProvider client={queryClient}>
        {/* No I18nextProvider: lib/i18n registers its instance with initReactI18next. */}
        <SessionWatcher>{children}</SessionWatcher>
      </QueryClientProvider>
    </MantineProvider>
  );
}
