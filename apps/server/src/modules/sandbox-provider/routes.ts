import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.js';
import { SANDBOX_STAKE_SCHEMA_MAX_MINOR, type SandboxChoice } from './games.js';
import { renderErrorPage, renderPlayPage, SANDBOX_PLAY_SCRIPT_PATH } from './page.js';
import { SANDBOX_PLAY_SCRIPT } from './play-script.js';
import type { SandboxErrorCode, SandboxProvider } from './service-interface.js';
import { sandboxTexts } from './texts.js';

export const SANDBOX_PLAY_PATH = '/sandbox-provider/play';
export const SANDBOX_ROUND_PATH = '/sandbox-provider/api/round';
export const SANDBOX_BALANCE_PATH = '/sandbox-provider/api/balance';
export const SANDBOX_TOKEN_HEADER = 'x-sandbox-token';
const API_BODY_LIMIT_BYTES = 1024;
/** Opening a page spends a launch token at the platform: a guesser is slowed per address. */
export const SANDBOX_OPEN_LIMIT: RateLimitRule = {
  name: 'sandbox-provider-open',
  limit: 30,
  windowMs: 60_000,
};
/** Each round is two signed calls to the platform. */
export const SANDBOX_ROUND_LIMIT: RateLimitRule = {
  name: 'sandbox-provider-round',
  limit: 120,
  windowMs: 60_000,
};

const openQuerySchema = z.object({
  token: z.string().min(1).max(200),
  lang: z.string().max(8).optional(),
});
const tokenSchema = z.string().min(20).max(100);
const stakeSchema = z.number().int().positive().max(Number(SANDBOX_STAKE_SCHEMA_MAX_MINOR));
const roundBodySchema = z.discriminatedUnion('game', [
  z.object({
    game: z.literal('coin-flip'),
    stakeMinor: stakeSchema,
    side: z.enum(['heads', 'tails']),
  }),
  z.object({ game: z.literal('lucky-wheel'), stakeMinor: stakeSchema }),
  z.object({
    game: z.literal('hi-lo'),
    stakeMinor: stakeSchema,
    guess: z.enum(['higher', 'lower']),
  }),
  z.object({ game: z.literal('dice-duel'), stakeMinor: stakeSchema }),
]);

type PageErrorCode = SandboxErrorCode | 'TOO_MANY';

const errorStatus: Record<PageErrorCode, number> = {
  TOKEN_INVALID: 401,
  SESSION_EXPIRED: 401,
  UNKNOWN_GAME: 404,
  BAD_STAKE: 400,
  BAD_CHOICE: 400,
  BUSY: 409,
  INSUFFICIENT_FUNDS: 409,
  REFUSED: 409,
  UNAVAILABLE: 503,
  TOO_MANY: 429,
};

function sendFailure(reply: FastifyReply, code: PageErrorCode) {
  return reply
    .status(errorStatus[code])
    .header('Cache-Control', 'no-store')
    .send({ success: false, errorCode: code, message: sandboxTexts.EN.errors[code] });
}

/** True when the limit holds; a rate limiter's refusal becomes the page's own TOO_MANY. */
async function withinLimit(
  rateLimit: RateLimiter | undefined,
  rule: RateLimitRule,
  key: string,
): Promise<boolean> {
  if (!rateLimit) return true;
  try {
    await rateLimit(rule, key);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/** Limits are counted per session without writing the session's token into the buckets table. */
function limitKeyOf(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 32);
}

function choiceOf(body: z.infer<typeof roundBodySchema>): SandboxChoice {
  switch (body.game) {
    case 'coin-flip':
      return { game: 'coin-flip', side: body.side };
    case 'hi-lo':
      return { game: 'hi-lo', guess: body.guess };
    case 'lucky-wheel':
      return { game: 'lucky-wheel' };
    case 'dice-duel':
      return { game: 'dice-duel' };
  }
}

/**
 * The sandbox provider's own web endpoints (not part of the player API): the play page the
 * site frames, its script, and the page's round and balance calls. The site's security headers
 * already allow framing by its own origin only (frame-ancestors 'self', X-Frame-Options
 * SAMEORIGIN) and same-origin scripts, which is all the page needs.
 */
export async function registerSandboxProviderRoutes(
  app: FastifyInstance,
  deps: { provider: SandboxProvider; rateLimit?: RateLimiter },
) {
  const { provider, rateLimit } = deps;
  await app.register(async (scope) => {
    // The launch token travels in the page's URL: no Referer carries it anywhere.
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('Referrer-Policy', 'no-referrer');
    });

    scope.get(SANDBOX_PLAY_PATH, { schema: { hide: true } }, async (request, reply) => {
      const query = openQuerySchema.safeParse(request.query);
      const asked = query.success ? query.data.lang : undefined;
      const language = asked?.toUpperCase() === 'VI' ? 'VI' : 'EN';
      const page = (status: number, html: string) =>
        reply
          .status(status)
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(html);
      if (!(await withinLimit(rateLimit, SANDBOX_OPEN_LIMIT, request.ip))) {
        return page(429, renderErrorPage(language, 'TOO_MANY'));
      }
      if (!query.success) return page(401, renderErrorPage(language, 'TOKEN_INVALID'));
      const opened = await provider.open(query.data.token, asked);
      if (!opened.ok) return page(errorStatus[opened.code], renderErrorPage(language, opened.code));
      return page(200, renderPlayPage(opened.value));
    });

    scope.get(SANDBOX_PLAY_SCRIPT_PATH, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(SANDBOX_PLAY_SCRIPT),
    );

    scope.post(
      SANDBOX_ROUND_PATH,
      { schema: { hide: true }, bodyLimit: API_BODY_LIMIT_BYTES },
      async (request, reply) => {
        const token = tokenSchema.safeParse(request.headers[SANDBOX_TOKEN_HEADER]);
        if (!token.success) return sendFailure(reply, 'SESSION_EXPIRED');
        const body = roundBodySchema.safeParse(request.body);
        if (!body.success) return sendFailure(reply, 'BAD_CHOICE');
        if (!(await withinLimit(rateLimit, SANDBOX_ROUND_LIMIT, limitKeyOf(token.data)))) {
          return sendFailure(reply, 'TOO_MANY');
        }
        const played = await provider.play(token.data, {
          stakeMinor: BigInt(body.data.stakeMinor),
          choice: choiceOf(body.data),
        });
        if (!played.ok) return sendFailure(reply, played.code);
        return reply
          .header('Cache-Control', 'no-store')
          .send({ success: true, value: played.value });
      },
    );

    scope.post(
      SANDBOX_BALANCE_PATH,
      { schema: { hide: true }, bodyLimit: API_BODY_LIMIT_BYTES },
      async (request, reply) => {
        const token = tokenSchema.safeParse(request.headers[SANDBOX_TOKEN_HEADER]);
        if (!token.success) return sendFailure(reply, 'SESSION_EXPIRED');
        if (!(await withinLimit(rateLimit, SANDBOX_ROUND_LIMIT, limitKeyOf(token.data)))) {
          return sendFailure(reply, 'TOO_MANY');
        }
        const balance = await provider.balance(token.data);
        if (!balance.ok) return sendFailure(reply, balance.code);
        return reply
          .header('Cache-Control', 'no-store')
          .send({ success: true, value: balance.value });
      },
    );
  });
}
