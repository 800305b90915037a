import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One call of the API: where it lives, whether it needs a session, and the schemas of what goes
 * in and what comes back (the `value` of the success envelope). The server registers routes
 * from these and the web client types its requests with them.
 */
export interface CallDefinition<
  TBody extends z.ZodType | undefined = z.ZodType | undefined,
  TQuery extends z.ZodType | undefined = z.ZodType | undefined,
  TValue extends z.ZodType = z.ZodType,
> {
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: boolean;
  readonly summary: string;
  readonly tags: readonly string[];
  /** Calls that carry secrets: their bodies are never logged. */
  readonly secret?: boolean;
  /** A body limit of its own: larger than the app default (uploads) or smaller (game plays). */
  readonly bodyLimitBytes?: number;
  readonly body?: TBody;
  readonly query?: TQuery;
  readonly value: TValue;
}

export function defineCall<
  TBody extends z.ZodType | undefined = undefined,
  TQuery extends z.ZodType | undefined = undefined,
  TValue extends z.ZodType = z.ZodType,
>(definition: CallDefinition<TBody, TQuery, TValue>): CallDefinition<TBody, TQuery, TValue> {
  return definition;
}

export type CallBody<C> =
  C extends CallDefinition<infer B, z.ZodType | undefined, z.ZodType>
    ? B extends z.ZodType
      ? z.input<B>
      : undefined
    : never;
export type CallQuery<C> =
  C extends CallDefinition<z.ZodType | undefined, infer Q, z.ZodType>
    ? Q extends z.ZodType
      ? z.input<Q>
      : undefined
    : never;
export type CallValue<C> =
  C extends CallDefinition<z.ZodType | undefined, z.ZodType | undefined, infer V>
    ? z.output<V>
    : never;
