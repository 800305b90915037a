import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** zod issue codes and the console's texts for them (namespace `console`, keys `form.*`). */
const ISSUE_TEXT_KEYS: Record<string, string> = {
  too_small: 'form.tooShort',
  too_big: 'form.tooLong',
  invalid_type: 'form.required',
};

/**
 * A react-hook-form resolver from a contract schema: the form checks exactly what the server
 * checks. Messages are text keys (translated where the field shows them), not zod's English.
 */
export function zodResolver<T extends FieldValues>(schema: z.ZodType): Resolver<T> {
  return async (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data as T, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'root');
      if (errors[field]) continue;
      const isEmpty = values[field] === '' || values[field] === undefined;
      const key = isEmpty ? 'form.required' : (ISSUE_TEXT_KEYS[issue.code] ?? 'form.invalid');
      errors[field] = { type: issue.code, message: key };
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}

/** A call's body schema, which the call's definition types as optional. */
export function bodySchemaOf<T extends z.ZodType>(call: { body?: T }): T {
  if (!call.body) throw new Error('this call has no body schema');
  return call.body;
}
