import { type CallDefinition, errorEnvelopeSchema, okEnvelope } from '@app/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

// Optional schema properties read as `Schema | undefined`; an absent schema is `undefined` alone.
type Parsed<T> = [NonNullable<T>] extends [never]
  ? undefined
  : NonNullable<T> extends z.ZodType
    ? z.output<NonNullable<T>>
    : undefined;

export interface CallInput<C extends CallDefinition> {
  body: Parsed<C['body']>;
  query: Parsed<C['query']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Runs before the body and query of every call marked `auth` are validated: throws when there
 * is no valid session.
 */
export type Authenticate = (request: FastifyRequest) => Promise<void>;

/**
 * Answers kept as their serialized success envelope (the JSON text sent), keyed by what the
 * answer depends on. The owner of the data behind them invalidates them.
 */
export interface AnswerCache {
  get(key: string, load: () => Promise<string>): Promise<string>;
}

/**
 * A call that answers the same to every caller with the same key (the merchant, the language,
 * the query): its reply is serialized once per key and then sent as stored text, so neither the
 * handler nor the schema's serializer runs on a hit.
 */
export interface SharedAnswer<C extends CallDefinition> {
  cache: AnswerCache;
  keyOf(input: CallInput<C>): string;
}

export type RegisterCall = <C extends CallDefinition>(
  call: C,
  handler: (input: CallInput<C>) => Promise<z.output<C['value']>>,
  shared?: SharedAnswer<C>,
) => void;

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

const errorResponses = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

/**
 * Registers contract calls as routes: the contract's schemas validate the request, shape the
 * reply and describe the call in OpenAPI; the handler returns just the `value`.
 */
export function createCallRegistrar(
  app: FastifyInstance,
  authenticate: Authenticate,
): RegisterCall {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  return (call, handler, shared) => {
    const okSchema = okEnvelope(call.value);
    // The same serializer Fastify compiles from the response schema, used once per cached key.
    const serialize = serializerCompiler({
      schema: okSchema,
      method: call.method,
      url: call.path,
      httpStatus: '200',
    });
    typed.route({
      method: call.method,
      url: call.path,
      schema: {
        summary: call.summary,
        tags: [...call.tags],
        ...(call.body ? { body: call.body } : {}),
        ...(call.query ? { querystring: call.query } : {}),
        ...(call.auth ? { security: [{ sessionToken: [] }] } : {}),
        response: { 200: okSchema, ...errorResponses },
      },
      // The session is checked before the body is validated: a caller without one learns
      // nothing about the call's schema from a 400.
      ...(call.auth ? { preValidation: authenticate } : {}),
      ...(call.bodyLimitBytes ? { bodyLimit: call.bodyLimitBytes } : {}),
      handler: async (request, reply) => {
        const input: CallInput<typeof call> = {
          body: request.body as never,
          query: request.query as never,
          request,
          reply,
        };
        if (shared) {
          const text = await shared.cache.get(shared.keyOf(input), async () =>
            serialize({ success: true, value: await handler(input) }),
          );
          // A string with a JSON content type is sent as it is: Fastify serializes only objects.
          reply.type(JSON_CONTENT_TYPE);
          return text as never;
        }
        const value = await handler(input);
        return { success: true as const, value };
      },
    });
  };
}
