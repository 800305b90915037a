/**
 * Where the player sees the operator's proof image of their own withdrawal
 * (`?withdrawalId=`, session header). Not a JSON call: it answers the image itself.
 */
export const WITHDRAWAL_PROOF_PATH = '/wps/payments/withdrawals/proof';

/** The same image for an operator of the withdrawal's merchant (operator session header). */
export const ADMIN_WITHDRAWAL_PROOF_PATH = '/admin/withdrawals/proof';
