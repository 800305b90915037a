import {
  bettingRecordsCall,
  gameRecordFiltersCall,
  gameRoundCall,
  lastGameRoundCall,
  personalProfitCall,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { RegisterCall } from '../../http/call-route.js';
import { requestLanguage } from '../../http/language.js';
import { requireRealMember } from '../session/index.js';
import { merchantOf } from '../system/index.js';
import type { GameRecordsService, RecordsViewer } from './service.js';

/** The member asking (guests and trial accounts refused, SPEC §6) and their languages. */
function viewerOf(request: FastifyRequest): RecordsViewer {
  const merchant = merchantOf(request);
  return {
    merchantCode: merchant.code,
    memberId: requireRealMember(request).memberId,
    language: requestLanguage(request),
    fallbackLanguage: merchant.defaultLanguage,
  };
}

export function registerGameRecordsRoutes(
  registerCall: RegisterCall,
  records: GameRecordsService,
): void {
  registerCall(bettingRecordsCall, async ({ query, request }) =>
    records.bettingRecords(viewerOf(request), query),
  );
  registerCall(gameRecordFiltersCall, async ({ request }) => records.filters(viewerOf(request)));
  registerCall(personalProfitCall, async ({ query, request }) =>
    records.personalProfit(viewerOf(request), query),
  );
  registerCall(gameRoundCall, async ({ query, request }) =>
    records.round(viewerOf(request), query.roundId),
  );
  registerCall(lastGameRoundCall, async ({ request }) => records.lastRound(viewerOf(request)));
}
