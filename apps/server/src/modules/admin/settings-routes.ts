import {
  type AdminSettings,
  adminSettingsCall,
  adminUpdateBuiltinGamesCall,
  adminUpdateLanguagesCall,
  adminUpdateRegisterSettingsCall,
  adminUpdateSiteAccessCall,
  adminUpdateWhiteLabelCall,
  type CallDefinition,
  defaultStakeProfileOf,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { AppError } from '../../http/app-error.js';
import type { RegisterCall } from '../../http/call-route.js';
import type { AuditService } from '../audit/index.js';
import { builtinGameHandlers, limitsOf } from '../builtin-games/index.js';
import type { MerchantSettings, SettingsChange, SettingsSections } from '../system/index.js';
import { registerAdjustmentSettingsRoutes } from './adjustment-settings.js';
import { actorFields } from './operator-access.js';
import type { Operator } from './repository.js';
import type { AdminService } from './service.js';

/** The audit action of each section's change: `settings.<section>`, subject the merchant. */
export const SETTINGS_AUDIT_ACTION_PREFIX = 'settings.';

const builtinGameCodes = builtinGameHandlers.map((handler) => handler.gameCode);

function consoleSettingsOf(sections: SettingsSections): AdminSettings {
  // What an empty field of a game means: the merchant's stake profile for its currency.
  const defaultLimits = limitsOf({ ...sections.builtinGames, limits: {} }, '', sections.currency);
  return {
    ...sections,
    builtinGameCodes,
    builtinDefaults: {
      minStakeMinor: Number(defaultLimits.minStakeMinor),
      maxStakeMinor: Number(defaultLimits.maxStakeMinor),
      maxPayoutMinor: Number(defaultLimits.maxPayoutMinor),
    },
    stakeProfileDefaults: defaultStakeProfileOf(sections.currency),
  };
}

function operatorOf(request: FastifyRequest): Operator {
  if (!request.operator) throw new AppError('SESSION_REQUIRED');
  return request.operator;
}

/**
 * The Settings pages' calls. Every change is the merchant row's update, the NOTIFY that drops
 * every instance's merchant cache, and the audit entry with the section's before and after, in
 * one transaction; the operator's own merchant is the only one it can reach.
 */
export function registerAdminSettingsRoutes(
  registerAdminCall: RegisterCall,
  deps: {
    admin: AdminService;
    audit: AuditService;
    settings: MerchantSettings;
    unitOfWork: UnitOfWork;
    /** Drops this instance's cache at once (the NOTIFY reaches it a moment later). */
    forgetMerchants: () => void;
  },
): void {
  const { admin, audit, settings, unitOfWork } = deps;

  registerAdminCall(adminSettingsCall, async ({ request }) => {
    const operator = operatorOf(request);
    admin.require(operator, 'settings:read');
    const sections = await unitOfWork((executor) => settings.read(executor, operator.merchantCode));
    return consoleSettingsOf(sections);
  });

  async function change(request: FastifyRequest, settingsChange: SettingsChange) {
    const operator = operatorOf(request);
    admin.require(operator, 'settings:edit');
    const { sections } = await unitOfWork(async (executor) => {
      const changed = await settings.changeWithin(executor, operator.merchantCode, settingsChange);
      await audit.recordWithin(executor, {
        ...actorFields(operator, request.ip),
        action: `${SETTINGS_AUDIT_ACTION_PREFIX}${settingsChange.section}`,
        subjectType: 'merchant',
        subjectId: operator.merchantCode,
        before: changed.before,
        after: changed.after,
      });
      return changed;
    });
    deps.forgetMerchants();
    return consoleSettingsOf(sections);
  }

  const sectionCalls: [CallDefinition, SettingsChange['section']][] = [
    [adminUpdateWhiteLabelCall, 'white-label'],
    [adminUpdateRegisterSettingsCall, 'registration'],
    [adminUpdateLanguagesCall, 'languages'],
    [adminUpdateSiteAccessCall, 'site-access'],
  ];
  for (const [call, section] of sectionCalls) {
    registerAdminCall(call, async ({ body, request }) =>
      change(request, { section, value: body } as SettingsChange),
    );
  }
  registerAdminCall(adminUpdateBuiltinGamesCall, async ({ body, request }) =>
    change(request, {
      section: 'builtin-games',
      value: { ...body, limits: body.limits, stakeProfiles: body.stakeProfiles ?? {} },
      knownGameCodes: builtinGameCodes,
      keepStakeProfiles: body.stakeProfiles === undefined,
    }),
  );
  registerAdjustmentSettingsRoutes(registerAdminCall, { admin, audit, unitOfWork });
}
