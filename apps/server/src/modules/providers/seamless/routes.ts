import {
  errorEnvelopeSchema,
  okEnvelope,
  SEAMLESS_BODY_MAX_BYTES,
  SEAMLESS_PATH_PREFIX,
  SEAMLESS_SIGNATURE_HEADER,
  SEAMLESS_TIMESTAMP_HEADER,
  type SeamlessAction,
  seamlessActions,
  seamlessCalls,
} from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../http/app-error.js';
import type { SeamlessWallet } from './service.js';
import { verifyProviderCall } from './signature.js';

/** What the routes need to know of a provider to check its calls. */
export interface SeamlessCaller {
  integration: 'builtin' | 'http';
  apiSecret: string | null;
}

const paramsSchema = z.object({ vassalage: z.string().regex(/^[A-Z0-9_]{1,40}$/) });

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * `POST /seamless/v1/:vassalage/:action` for outside (http) providers: the body is kept raw
 * until its signature and timestamp are checked, then parsed and validated by the contract.
 * Builtin providers use the wallet in-process; their vassalage over HTTP is FORBIDDEN.
 */
export async function registerSeamlessRoutes(
  app: FastifyInstance,
  deps: {
    wallet: SeamlessWallet;
    callerOf: (vassalage: string) => Promise<SeamlessCaller | undefined>;
    now?: () => number;
  },
): Promise<void> {
  const now = deps.now ?? Date.now;
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: SEAMLESS_BODY_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.addHook('preValidation', async (request) => {
      const params = paramsSchema.safeParse(request.params);
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const caller = params.success ? await deps.callerOf(params.data.vassalage) : undefined;
      if (caller?.integration === 'builtin') throw new AppError('FORBIDDEN');
      const valid =
        caller?.apiSecret != null &&
        verifyProviderCall({
          secret: caller.apiSecret,
          timestamp: headerOf(request, SEAMLESS_TIMESTAMP_HEADER),
          signature: headerOf(request, SEAMLESS_SIGNATURE_HEADER),
          rawBody,
          nowMs: now(),
        });
      if (!valid) throw new AppError('SEAMLESS_SIGNATURE_INVALID');
      try {
        request.body = JSON.parse(rawBody);
      } catch {
        throw new AppError('VALIDATION_FAILED');
      }
    });

    const typed = scope.withTypeProvider<ZodTypeProvider>();
    const register = <A extends SeamlessAction>(action: A) => {
      const call = seamlessCalls[action];
      typed.route({
        method: 'POST',
        url: `${SEAMLESS_PATH_PREFIX}/:vassalage/${action}`,
        schema: {
          summary: call.summary,
          tags: ['seamless wallet (providers)'],
          params: paramsSchema,
          body: call.body,
          response: {
            200: okEnvelope(call.value),
            400: errorEnvelopeSchema,
            401: errorEnvelopeSchema,
            403: errorEnvelopeSchema,
            404: errorEnvelopeSchema,
            409: errorEnvelopeSchema,
          },
        },
        handler: async (request) => {
          const { vassalage } = request.params as z.output<typeof paramsSchema>;
          const method = deps.wallet[action] as (
            vassalage: string,
            body: unknown,
          ) => Promise<unknown>;
          const value = await method.call(deps.wallet, vassalage, request.body);
          return { success: true as const, value: value as never };
        },
      });
    };
    for (const action of seamlessActions) register(action);
  });
}
