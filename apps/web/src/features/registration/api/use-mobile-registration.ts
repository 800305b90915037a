import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

const STATUS_STALE_MS = 5 * 60 * 1000;

/**
 * Whether the merchant offers mobile registration, and the dialling code to send codes to.
 * Reads the site status under the same query key as the shell, so it costs no extra call.
 */
export function useMobileRegistration(): { dialingCode: string } | undefined {
  const status = useQuery({
    queryKey: ['system', 'status'],
    queryFn: () => callApi('systemStatus', { query: { url: window.location.host } }),
    staleTime: STATUS_STALE_MS,
  });
  const dialingCode = status.data?.merchant.smsDialingCodes[0];
  return status.data?.whiteLabel.mobileRegistration && dialingCode ? { dialingCode } : undefined;
}

/**
 * SPEC §5: when the merchant's SMS verification is on, username registration asks for the
 * mobile number and its SMS code too; the dialling code to send to, or undefined.
 */
export function useUsernameSmsVerification(): string | undefined {
  const status = useQuery({
    queryKey: ['system', 'status'],
    queryFn: () => callApi('systemStatus', { query: { url: window.location.host } }),
    staleTime: STATUS_STALE_MS,
  });
  return status.data?.whiteLabel.smsVerification
    ? status.data.merchant.smsDialingCodes[0]
    : undefined;
}
