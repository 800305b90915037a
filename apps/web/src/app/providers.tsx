import { createQueryClient } from '@app/web-shared/query-client';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
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
  // Mantine's provider is not here: it loads beside the entry (app/ui-kit.tsx) and wraps the
  // screens built with its components.
  return (
    <QueryClientProvider client={queryClient}>
      {/* No I18nextProvider: lib/i18n registers its instance with initReactI18next. */}
      <SessionWatcher>{children}</SessionWatcher>
    </QueryClientProvider>
  );
}
