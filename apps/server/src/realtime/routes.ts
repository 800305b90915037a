import { REALTIME_MERCHANT_PARAM, REALTIME_PATH } from '@app/contract';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData } from 'ws';
import { AppError } from '../http/app-error.js';
import type { RealtimeHub } from './hub.js';
import { REALTIME_FRAME_MAX_BYTES } from './limits.js';

export interface RealtimeRouteDeps {
  hub: RealtimeHub;
  /** The same resolution as HTTP calls (code, else host, else the default merchant). */
  resolveMerchant(input: { code?: string | undefined; host?: string | undefined }): Promise<{
    code: string;
  }>;
}

function textOf(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/**
 * Errors `ws` raises for what a client sent (a frame over REALTIME_FRAME_MAX_BYTES, a bad
 * opcode, invalid UTF-8) carry a `WS_ERR_` code: the client's fault, so a warning, while
 * anything else on an open socket is the server's and logged as an error.
 */
export function isClientProtocolError(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('WS_ERR_');
}

/**
 * `GET /ws?merchant=CODE`: the merchant and the address limit are checked before the upgrade,
 * so a refusal is an ordinary HTTP answer with the usual envelope.
 */
export async function registerRealtimeRoutes(
  app: FastifyInstance,
  deps: RealtimeRouteDeps,
): Promise<void> {
  await app.register(fastifyWebsocket, {
    options: { maxPayload: REALTIME_FRAME_MAX_BYTES, perMessageDeflate: false },
    errorHandler: (error, socket, request) => {
      if (isClientProtocolError(error)) {
        // ws closes the socket itself with the matching code (1009 for a frame too large).
        request.log.warn({ err: error }, 'websocket frame refused');
        return;
      }
      request.log.error({ err: error }, 'websocket failed');
      socket.terminate();
    },
  });
  const merchantOfRequest = new WeakMap<FastifyRequest, string>();

  app.get(
    REALTIME_PATH,
    {
      websocket: true,
      preValidation: async (request) => {
        const query = request.query as Record<string, unknown>;
        const code = query[REALTIME_MERCHANT_PARAM];
        const merchant = await deps.resolveMerchant({
          code: typeof code === 'string' ? code : undefined,
          host: request.host,
        });
        const refusal = deps.hub.canAccept(request.ip);
        if (refusal) throw new AppError(refusal);
        merchantOfRequest.set(request, merchant.code);
      },
    },
    (socket, request) => {
      const merchantCode = merchantOfRequest.get(request);
      if (!merchantCode) {
        socket.terminate();
        return;
      }
      const connection = deps.hub.attach({ socket, merchantCode, ip: request.ip });
      socket.on('message', (data, isBinary) => connection.receive(textOf(data), isBinary));
      socket.on('pong', () => connection.alive());
      socket.on('close', () => connection.detach());
    },
  );

  // Sockets first, then the LISTEN connection; the pool closes after the app.
  app.addHook('onClose', async () => {
    await deps.hub.close();
  });
}
