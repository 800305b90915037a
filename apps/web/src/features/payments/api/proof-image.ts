import { requestHeaders, WITHDRAWAL_PROOF_PATH } from '@app/contract/client';
import { ApiError } from '../../../lib/api-error';
import { getSessionToken } from '../../../lib/session-token';
import { localKeys, readLocal } from '../../../lib/storage';

/**
 * The proof image of one of the member's withdrawals as an object URL. The image needs the
 * session header, so an <img src> pointing at the server would not do; the caller revokes
 * the URL when done.
 */
export async function fetchProofImageUrl(withdrawalId: string): Promise<string> {
  const headers = new Headers();
  const merchantCode = readLocal(localKeys.merchantCode);
  if (merchantCode) headers.set(requestHeaders.merchant, merchantCode);
  const token = getSessionToken();
  if (token) headers.set(requestHeaders.authorization, token);
  headers.set(requestHeaders.device, 'WEB');
  const response = await fetch(
    `${WITHDRAWAL_PROOF_PATH}?withdrawalId=${encodeURIComponent(withdrawalId)}`,
    { headers },
  );
  if (!response.ok) throw new ApiError(response.status, 'NOT_FOUND', response.statusText);
  return URL.createObjectURL(await response.blob());
}
