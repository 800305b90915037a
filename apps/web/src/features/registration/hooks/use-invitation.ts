import type { RegisterSettings } from '@app/contract/client';
import { isApiError } from '@app/web-shared/api-error';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { checkAffiliateCode } from '../api/affiliate-check';

/** The invitation a visitor arrived with: `?affiliateCode=` (or `?code=`) and `?referralCode=`. */
export interface UrlInvitation {
  affiliateCode: string;
  referralCode: string;
}

export function readUrlInvitation(search: string): UrlInvitation {
  const params = new URLSearchParams(search);
  return {
    affiliateCode: (params.get('affiliateCode') ?? params.get('code') ?? '').trim(),
    referralCode: (params.get('referralCode') ?? '').trim(),
  };
}

/** Answers whether the merchant knows an affiliate code; other failures are thrown. */
export async function isAffiliateCodeValid(code: string): Promise<boolean> {
  try {
    await checkAffiliateCode(code);
    return true;
  } catch (error) {
    if (isApiError(error) && error.errorCode === 'AFFILIATE_CODE_INVALID') return false;
    throw error;
  }
}

/**
 * SPEC §4: an affiliate code in the page URL is checked on load; a valid one hides the field
 * (its value is still sent), an invalid one shows the field filled in. A referral code in the
 * URL fills in the referral code.
 */
export function useInvitation(settings: RegisterSettings) {
  // Read once: the form keeps what the page was opened with. The server paints only pages
  // without a query string (WEB_SSR), so it reads none.
  const [fromUrl] = useState(() =>
    readUrlInvitation(typeof window === 'undefined' ? '' : window.location.search),
  );
  const enabled = settings.affiliateCode.enabled && fromUrl.affiliateCode !== '';
  const urlCheck = useQuery({
    queryKey: ['affiliate-check', fromUrl.affiliateCode],
    queryFn: () => isAffiliateCodeValid(fromUrl.affiliateCode),
    enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  // A code the server refused at registration shows the field again, whatever the URL said.
  const [revealed, setRevealed] = useState(false);
  const urlCodeValid = urlCheck.data === true;
  const affiliateHidden = enabled && !revealed && (urlCheck.isPending || urlCodeValid);

  /**
   * Before registering (SPEC §4): an entered code is checked, unless it is the URL's code the
   * server just accepted. False when it is refused (the caller shows 'invitation code error').
   */
  const checkBeforeRegister = useCallback(
    async (value: string): Promise<boolean> => {
      const code = value.trim();
      if (!settings.affiliateCode.enabled || code === '') return true;
      if (urlCodeValid && code === fromUrl.affiliateCode) return true;
      const valid = await isAffiliateCodeValid(code);
      if (!valid) setRevealed(true);
      return valid;
    },
    [settings.affiliateCode.enabled, urlCodeValid, fromUrl.affiliateCode],
  );

  return {
    defaults: {
      affiliateCode: settings.affiliateCode.enabled ? fromUrl.affiliateCode : '',
      referralCode: fromUrl.referralCode,
    },
    affiliateHidden,
    /** Shows the field (a server refusal of the code). */
    reveal: useCallback(() => setRevealed(true), []),
    checkBeforeRegister,
  };
}
