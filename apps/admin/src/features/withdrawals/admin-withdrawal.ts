import type { adminWithdrawalsCall, CallValue } from '@app/contract';

/** One row of the operator's withdrawal list. */
export type AdminWithdrawal = CallValue<typeof adminWithdrawalsCall>['items'][number];
