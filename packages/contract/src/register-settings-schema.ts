import { z } from 'zod';
import { REGISTER_PATTERN_MAX_ID } from './register-patterns.js';
import {
  REGISTER_FIELD_MAX_LENGTH_LIMIT,
  type RegisterFieldName,
  type RegisterFieldRule,
  type RegisterSettings,
  registerFieldNames,
} from './register-rules.js';

export const registerFieldRuleSchema = z
  .object({
    enabled: z.boolean(),
    required: z.boolean(),
    patternId: z.number().int().min(0).max(REGISTER_PATTERN_MAX_ID),
    acceptedPattern: z.string(),
    minLength: z.number().int().min(0).max(REGISTER_FIELD_MAX_LENGTH_LIMIT),
    maxLength: z.number().int().min(1).max(REGISTER_FIELD_MAX_LENGTH_LIMIT),
  })
  .refine((rule) => rule.minLength <= rule.maxLength, {
    message: 'minLength must not exceed maxLength',
  }) satisfies z.ZodType<RegisterFieldRule>;

export const registerSettingsSchema = z.object(
  Object.fromEntries(registerFieldNames.map((name) => [name, registerFieldRuleSchema])) as Record<
    RegisterFieldName,
    typeof registerFieldRuleSchema
  >,
) satisfies z.ZodType<RegisterSettings>;
