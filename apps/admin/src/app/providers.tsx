import { createQueryClient } from '@app/web-shared/query-client';
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { onSessionEvent } from '../lib/api-client';
import { SESSION_QUERY_KEY, setSignOutNotice } from '../lib/console-session';
import {
  colorSchemeManager,
  cssVariablesResolver,
  DEFAULT_COLOR_SCHEME,
  theme,
} from '../lib/theme';

/**
 * A call answered "session ended": everything cached for the operator goes, and the sign-in page
 * says why. "Enrolment required": the session is asked again, and the gate sends the operator to
 * the enrolment page.
 */
function useSessionEvents(queryClient: QueryClient): void {
  useEffect(
    () =>
      onSessionEvent((event) => {
        if (event === 'ended') {
          setSignOutNotice('expired');
          queryClient.removeQueries({
            predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0],
          });
          queryClient.setQueryData(SESSION_QUERY_KEY, null);
        } else {
          void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
        }
      }),
    [queryClient],
  );
}

export function Providers({
  children,
  queryClient: given,
}: {
  children: ReactNode;
  /** Tests pass their own. */
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  useSessionEvents(queryClient);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={DEFAULT_COLOR_SCHEME}
    >
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
