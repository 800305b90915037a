import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** The QR code the server draws for one of the merchant's configured links. */
export function useResourceQr(resourceType: string) {
  return useQuery({
    queryKey: ['system', 'resourceQr', resourceType],
    queryFn: () => callApi('resourceQr', { query: { resourceType } }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
