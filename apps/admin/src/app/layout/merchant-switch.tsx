import type { adminSessionMerchantsCall, adminSwitchMerchantCall } from '@app/contract';
import { Badge, NativeSelect } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callAdmin, callRoute } from '../../lib/api-client';
import { SESSION_QUERY_KEY, useAdoptSession, useConsoleSession } from '../../lib/console-session';

// Schema-free routes (like lib/shell-calls.ts): the layout carries no zod.
const merchantsRoute = callRoute<typeof adminSessionMerchantsCall>({
  method: 'GET',
  path: '/admin/session/merchants',
  auth: true,
});
const switchRoute = callRoute<typeof adminSwitchMerchantCall>({
  method: 'POST',
  path: '/admin/session/merchant',
  auth: true,
});

/**
 * The merchant the operator acts on. A merchant operator sees its merchant as a badge; a
 * platform operator picks any merchant, and every cached answer of the one left is dropped so
 * that no page shows one merchant's rows under another's name.
 */
export function MerchantSwitch() {
  const { t } = useTranslation();
  const { data: session } = useConsoleSession();
  const platform = session?.operator.kind === 'platform';
  const { data } = useQuery({
    queryKey: ['session-merchants'],
    queryFn: ({ signal }) => callAdmin(merchantsRoute, { signal }),
    enabled: platform,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const adopt = useAdoptSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  if (!session) return null;
  const current = session.operator.merchantCode;
  if (!platform) {
    return (
      <Badge variant="outline" data-testid="merchant">
        {current}
      </Badge>
    );
  }
  const codes = data?.merchantCodes ?? [current];
  return (
    <NativeSelect
      aria-label={t('shell.merchant')}
      data-testid="merchant-switch"
      size="sm"
      disabled={pending}
      value={current}
      data={codes.includes(current) ? codes : [current, ...codes]}
      onChange={async (event) => {
        const merchantCode = event.currentTarget.value;
        setPending(true);
        try {
          const next = await callAdmin(switchRoute, { body: { merchantCode } });
          queryClient.removeQueries({
            predicate: (query) =>
              query.queryKey[0] !== SESSION_QUERY_KEY[0] &&
              query.queryKey[0] !== 'session-merchants',
          });
          adopt(next);
          navigate('/', { replace: true });
        } finally {
          setPending(false);
        }
      }}
    />
  );
}
