import { z } from 'zod';
import { adminRoutes } from '../admin-routes.js';
import { defineCall } from '../call.js';
import { amountSchema, bankDetailsSchema } from './payments.js';

/** Kinds of deposit methods: the built-in sandbox gateway, and manual bank transfers. */
export const paymentMethodKinds = ['sandbox', 'manual_bank'] as const;

export const adminPaymentMethodSchema = z.object({
  code: z.string(),
  kind: z.enum(paymentMethodKinds),
  name: z.string(),
  currency: z.string(),
  /** Smallest and largest deposit, in major units. */
  minAmount: z.number(),
  maxAmount: z.number(),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  /** Manual bank methods: the account players pay into (null when not set or another kind). */
  bankDetails: bankDetailsSchema.nullable(),
});
export type AdminPaymentMethod = z.infer<typeof adminPaymentMethodSchema>;

export const adminPaymentMethodsCall = defineCall({
  ...adminRoutes.adminPaymentMethods,
  summary:
    "The merchant's deposit methods (sandbox gateway and manual bank) with their limits and state",
  tags: ['admin'],
  value: z.object({ list: z.array(adminPaymentMethodSchema) }),
});

export const adminUpdatePaymentMethodCall = defineCall({
  ...adminRoutes.adminUpdatePaymentMethod,
  summary:
    'Turn a deposit method on or off and set its limits (min ≤ max, each within the amount bounds)',
  tags: ['admin'],
  body: z
    .object({
      code: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{1,40}$/),
      enabled: z.boolean(),
      minAmount: amountSchema,
      maxAmount: amountSchema,
    })
    .refine((body) => body.minAmount <= body.maxAmount, {
      message: 'the smallest amount is above the largest',
      path: ['minAmount'],
    }),
  value: adminPaymentMethodSchema,
});
