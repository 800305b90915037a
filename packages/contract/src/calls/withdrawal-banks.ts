import { z } from 'zod';
import { defineCall } from '../call.js';
import { withdrawalBankRoutes as routes } from '../withdrawal-bank-routes.js';

/** The banks a member may bind (the merchant's list); empty: any bank name is accepted. */
export const withdrawalBanksCall = defineCall({
  ...routes.withdrawalBanks,
  summary: "The banks a member may bind for withdrawals (the merchant's list)",
  tags: ['withdrawals'],
  value: z.object({ banks: z.array(z.string()) }),
});
