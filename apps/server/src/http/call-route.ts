import { type CallDefinition, errorEnvelopeSchema, okEnvelope } from '@app/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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

export type RegisterCall = <C extends CallDefinition>(
  call: C,
  handler: (input: CallInput<C>) => Promise<z.output<C['value']>>,
) => void;

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
  return (call, handler) => {
    typed.route({
      method: call.method,
      url: call.path,
      schema: {
        summary: call.summary,
        tags: [...call.tags],
        ...(call.body ? { body: call.body } : {}),
        ...(call.query ? { querystring: call.query } : {}),
        ...(call.auth ? { security: [{ sessionToken: [] }] } : {}),
        response: { 200: okEnvelope(call.value), ...errorResponses },
      },
      // The session is checked before the body is validated: a caller without one learns
      // nothing about the call's schema from a 400.
      ...(call.auth ? { preValidation: authenticate } : {}),
      ...(call.bodyLimitBytes ? { bodyLimit: call.bodyLimitBytes } : {}),
      handler: async (request, reply) => {
        const value = await handler({
          body: request.body as never,
          query: request.query as never,
          request,
          reply,
        });
        return { success: true as const, value };
      },
    });
  };
}
