import {
  bonusMessageKey,
  contractTextsFor,
  type ErrorCode,
  type ErrorDetails,
  type ErrorEnvelope,
  errorStatusByCode,
  formatAmount,
  formatCount,
  formatPatternMessage,
  retryAfterText,
} from '@app/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.js';
import { requestLanguage } from './language.js';

/** A rate-limited answer says when to try again, in the caller's language (issue 22 item 17). */
function withRetryAfter(
  request: FastifyRequest,
  message: string,
  details: ErrorDetails | undefined,
): string {
  if (details?.retryAfterSeconds === undefined) return message;
  const { key, count } = retryAfterText(details.retryAfterSeconds);
  const template = contractTextsFor(requestLanguage(request)).validation[key];
  if (!template) return message;
  const joint = /[.!?。！？]$/.test(message) ? ' ' : '. ';
  return `${message}${joint}${formatCount(template, count)}`;
}

function messageFor(
  request: FastifyRequest,
  errorCode: ErrorCode,
  details: ErrorDetails | undefined,
): string {
  const texts = contractTextsFor(requestLanguage(request));
  const bonusKey = bonusMessageKey(details?.field);
  const lead = bonusKey ? `${texts.validation[bonusKey]} ` : '';
  if (errorCode === 'REG_FIELD_INVALID' && details?.patternId !== undefined) {
    const key = `reg_pattern_${details.patternId}` as keyof typeof texts.validation;
    const template = texts.validation[key];
    if (template) {
      return lead + formatPatternMessage(template, details.minLength ?? 0, details.maxLength ?? 0);
    }
  }
  if (bonusKey && errorCode === 'VALIDATION_FAILED') return texts.validation[bonusKey];
  return withAmounts(texts.errors[errorCode], details);
}

/** Puts the amounts a message names ({{remaining}}, {{maxBet}}) into it, from the details. */
function withAmounts(template: string, details: ErrorDetails | undefined): string {
  let message = template;
  if (details?.remainingAmount !== undefined) {
    message = message.replace('{{remaining}}', formatAmount(details.remainingAmount));
  }
  if (details?.maxBetAmount !== undefined) {
    message = message.replace('{{maxBet}}', formatAmount(details.maxBetAmount));
  }
  return message;
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  errorCode: ErrorCode,
  details?: ErrorDetails,
): FastifyReply {
  const body: ErrorEnvelope = {
    success: false,
    errorCode,
    message: withRetryAfter(request, messageFor(request, errorCode, details), details),
    ...(details ? { details } : {}),
  };
  if (details?.retryAfterSeconds !== undefined) {
    reply.header('Retry-After', String(details.retryAfterSeconds));
  }
  return reply.status(errorStatusByCode[errorCode]).send(body);
}

function fieldOfValidationError(error: FastifyError): string | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  const first = error.validation[0];
  const path = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
  const missing = (first?.params as { issue?: { path?: unknown[] } } | undefined)?.issue?.path;
  return path || (Array.isArray(missing) ? missing.join('.') : undefined) || undefined;
}

/** Every failure leaves as the error envelope; only the server's own faults are logged as errors. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return sendError(request, reply, error.errorCode, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const field = fieldOfValidationError(error);
      return sendError(request, reply, 'VALIDATION_FAILED', field ? { field } : undefined);
    }
    if (error.statusCode === 413) return sendError(request, reply, 'PAYLOAD_TOO_LARGE');
    if (error.statusCode === 415 || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return sendError(request, reply, 'VALIDATION_FAILED');
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'request refused');
      return sendError(request, reply, 'VALIDATION_FAILED');
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, 'INTERNAL_ERROR');
  });
}
