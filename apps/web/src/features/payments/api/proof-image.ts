import { requestHeaders, WITHDRAWAL_PROOF_PATH } from '@app/contract/client';
import { ApiError } from '@app/web-shared/api-error';
import { getSessionToken } from '../../../lib/session-token';
import { localKeys, readLocal } from '../../../lib/storage';

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/**
 * The proof image of one of the member's withdrawals as a data: URL. The image needs the
 * session header, so an <img src> pointing at the server would not do; the site's CSP allows
 * data: images (not blob:).
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
  const blob = await response.blob();
  // Only the two kinds the server validated; anything else is not shown.
  if (blob.type !== 'image/png' && blob.type !== 'image/jpeg') {
    throw new ApiError(response.status, 'NOT_FOUND', 'unexpected proof type');
  }
  return dataUrlOf(blob);
}
