import type { LoggerOptions } from 'pino';
import { serializeRequestForLog } from './log-redaction.js';

/** The server's pino settings: JSON, UTC time, secrets kept out (main.ts and the bench). */
export function serverLoggerOptions(level: string): LoggerOptions {
  return {
    level,
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    // One-time codes in URLs (social sign-in callback, ?socialLogin=) stay out of the log.
    serializers: { req: serializeRequestForLog as never },
  };
}
