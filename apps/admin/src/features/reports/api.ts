import { adminWebVitalsCall } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { callAdmin } from '../../lib/api-client';

/** The p75 groups of the merchant over [fromMs, toMs). */
export function useWebVitals(period: { fromMs: number; toMs: number }) {
  return useQuery({
    queryKey: ['reports', 'web-vitals', period.fromMs, period.toMs],
    queryFn: ({ signal }) => callAdmin(adminWebVitalsCall, { query: period, signal }),
  });
}
