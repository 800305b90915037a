import { z } from 'zod';
import { defineCall } from '../call.js';
import { pageEchoTotalsShape, pageQueryParams } from '../paging.js';
import { routes } from '../routes.js';
import {
  RECORD_PAGE_NO_MAX,
  RECORD_PAGE_SIZE_DEFAULT,
  RECORD_PAGE_SIZE_MAX,
  transactionTypes,
} from '../wallet-constants.js';

/** Date range and paging shared by the records; the range is checked by the server. */
const recordQuery = {
  /** Start of the range, inclusive (ISO 8601 with offset); default: 7 days before `to`. */
  from: z.iso.datetime({ offset: true }).optional(),
  /** End of the range, exclusive (ISO 8601 with offset); default: now. */
  to: z.iso.datetime({ offset: true }).optional(),
  ...pageQueryParams({
    defaultPageSize: RECORD_PAGE_SIZE_DEFAULT,
    maxPageSize: RECORD_PAGE_SIZE_MAX,
    maxPageNo: RECORD_PAGE_NO_MAX,
  }),
};

export const recordRowSchema = z.object({
  /** The ledger entry, stable across pages. */
  id: z.string(),
  time: z.string(),
  /** The ledger transfer's code: deposit, withdrawal, bet, win, transfer, bonus, ... */
  type: z.string(),
  /** Signed: positive into the wallet, negative out of it. */
  amount: z.number(),
  balanceAfter: z.number(),
  reference: z.string(),
  asset: z.enum(['cash', 'bonus', 'points']),
  /** `main`, or the code of a vendor's transfer wallet. */
  wallet: z.string(),
  currency: z.string(),
});
export type RecordRow = z.infer<typeof recordRowSchema>;

const recordPageSchema = z.object({
  list: z.array(recordRowSchema),
  ...pageEchoTotalsShape,
  /** The range actually covered, after defaults. */
  from: z.string(),
  to: z.string(),
});
export type RecordPage = z.infer<typeof recordPageSchema>;

export const transactionsCall = defineCall({
  ...routes.transactions,
  summary: "The member's account record: ledger entries of every wallet, newest first, paged",
  tags: ['wallet'],
  query: z.object({ type: z.enum(transactionTypes).optional(), ...recordQuery }),
  value: recordPageSchema,
});

export const bonusDetailsCall = defineCall({
  ...routes.bonusDetails,
  summary: "The member's bonus wallet entries, newest first, paged",
  tags: ['wallet'],
  query: z.object(recordQuery),
  value: recordPageSchema,
});
