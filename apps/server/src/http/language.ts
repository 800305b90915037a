import { DEFAULT_LANGUAGE, type LanguageCode, parseLanguage } from '@app/contract';
import type { FastifyRequest } from 'fastify';

/** The language of the texts in a reply: the Language header, else English. */
export function requestLanguage(request: FastifyRequest): LanguageCode {
  return parseLanguage(request.headers.language) ?? DEFAULT_LANGUAGE;
}
