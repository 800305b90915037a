import { freePlayLoginCall } from '@app/contract';
import type { RegisterCall } from '../../http/call-route.js';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.js';
import type { LedgerService } from '../ledger/index.js';
import type { MemberService } from '../member/index.js';
import { type Merchant, merchantOf } from '../system/index.js';
import type { SessionService } from './service.js';

/**
 * Play money of a new free-demo account, in minor units (1,000,000.00 of the merchant's
 * currency). It is credited through the ledger like any balance, from its own system account,
 * so the ledger still sums to zero and the demo spend is visible; it can never become real
 * money because trial accounts may not deposit, withdraw or transfer (requireRealMember).
 */
export const TRIAL_CREDIT_AMOUNT_MINOR = 100_000_000n;
/** The system account the demo balances come from (it goes negative by what was handed out). */
export const TRIAL_CREDIT_ACCOUNT_CODE = 'system:trial-credit';
/** New demo accounts per address. */
export const FREE_PLAY_PER_IP_LIMIT: RateLimitRule = {
  name: 'free-play-ip',
  limit: 5,
  windowMs: 60 * 60 * 1000,
};

async function creditTrialBalance(ledger: LedgerService, merchant: Merchant, memberId: bigint) {
  const [source, wallet] = await Promise.all([
    ledger.systemAccount({
      merchantCode: merchant.code,
      code: TRIAL_CREDIT_ACCOUNT_CODE,
      asset: 'cash',
      currency: merchant.currency,
    }),
    ledger.memberAccount({
      merchantCode: merchant.code,
      memberId,
      asset: 'cash',
      currency: merchant.currency,
    }),
  ]);
  // One credit per trial account, whatever is retried.
  await ledger.transfer({
    id: `trial-credit:${memberId}`,
    debitAccountId: source,
    creditAccountId: wallet,
    amountMinor: TRIAL_CREDIT_AMOUNT_MINOR,
    code: 'trial_credit',
  });
}

/** POST /wps/session/login/freeplay: a new trial account with play money, logged in. */
export function registerFreePlayRoutes(
  registerCall: RegisterCall,
  deps: {
    sessions: SessionService;
    members: MemberService;
    ledger: LedgerService;
    rateLimit: RateLimiter;
  },
): void {
  const { sessions, members, ledger, rateLimit } = deps;
  registerCall(freePlayLoginCall, async ({ request }) => {
    const merchant = merchantOf(request);
    await rateLimit(FREE_PLAY_PER_IP_LIMIT, `${merchant.code}:${request.ip}`);
    const member = await members.createTrial(merchant, request.ip);
    await creditTrialBalance(ledger, merchant, member.id);
    const { firstTimeLogin } = await members.recordLogin(merchant, member);
    const token = await sessions.issue({
      merchantCode: merchant.code,
      memberId: member.id,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    // A trial account has no password to change or to expire.
    return { token, firstTimeLogin, passwordExpired: false };
  });
}
