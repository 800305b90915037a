import {
  type BuiltinGamesSettings,
  type LanguageSettings,
  languagesProblem,
  maintenanceWindowProblem,
  type RegisterSettings,
  registerFieldNames,
  registerRuleProblem,
  type SettingsProblem,
  type SiteAccessSettings,
  stakeLimitsProblem,
  type WhiteLabelSwitches,
} from '@app/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { Merchant } from './merchant.js';
import { createMerchantRepository, type MerchantSettingsPatch } from './repository.js';

/** One section of the Settings pages, as the console sends it. */
export type SettingsChange =
  | { section: 'white-label'; value: WhiteLabelSwitches }
  | { section: 'registration'; value: RegisterSettings }
  | { section: 'languages'; value: LanguageSettings }
  | { section: 'site-access'; value: SiteAccessSettings }
  | {
      section: 'builtin-games';
      value: BuiltinGamesSettings;
      knownGameCodes: readonly string[];
      /** The caller sent no stake profiles: the stored ones stay (an older console). */
      keepStakeProfiles?: boolean;
    };

/** The operator's view of a merchant's settings, section by section. */
export function settingsSectionsOf(merchant: Merchant) {
  return {
    whiteLabel: merchant.whiteLabel,
    registerSettings: merchant.registerSettings,
    languages: {
      supportedLanguages: merchant.supportedLanguages,
      defaultLanguage: merchant.defaultLanguage,
      defaultGameLanguage: merchant.defaultGameLanguage,
    },
    siteAccess: {
      maintenance: merchant.maintenance,
      maintenanceMessages: merchant.maintenanceMessages,
      maintenanceWindow: {
        startsAt: merchant.maintenanceStartsAt,
        endsAt: merchant.maintenanceEndsAt,
      },
      blockedCountries: merchant.blockedCountries,
    },
    builtinGames: merchant.builtinGames,
    /** Not a section: the currency whose stake profile the built-in games page edits. */
    currency: merchant.currency,
  };
}
export type SettingsSections = ReturnType<typeof settingsSectionsOf>;

const sectionKeys = {
  'white-label': 'whiteLabel',
  registration: 'registerSettings',
  languages: 'languages',
  'site-access': 'siteAccess',
  'builtin-games': 'builtinGames',
} as const satisfies Record<SettingsChange['section'], keyof SettingsSections>;

function refuse(problem: SettingsProblem | null, field: string): void {
  if (problem) throw new AppError(problem, { field });
}

function checkRegistration(value: RegisterSettings): void {
  for (const name of registerFieldNames) refuse(registerRuleProblem(value[name]), name);
}

function checkBuiltinGames(value: BuiltinGamesSettings, knownGameCodes: readonly string[]): void {
  for (const [gameCode, limits] of Object.entries(value.limits)) {
    if (!knownGameCodes.includes(gameCode)) throw new AppError('NOT_FOUND', { field: gameCode });
    refuse(stakeLimitsProblem(limits), gameCode);
  }
  for (const [currency, profile] of Object.entries(value.stakeProfiles)) {
    refuse(stakeLimitsProblem(profile), `stakeProfiles.${currency}`);
    const { minStakeMinor, maxStakeMinor, defaultStakeMinor } = profile;
    const outside =
      defaultStakeMinor !== undefined &&
      ((minStakeMinor !== undefined && defaultStakeMinor < minStakeMinor) ||
        (maxStakeMinor !== undefined && defaultStakeMinor > maxStakeMinor));
    if (outside) refuse('SETTINGS_STAKE_LIMITS_INVALID', `stakeProfiles.${currency}`);
  }
}

/** Checks a change against the rules of `settings-rules.ts` and turns it into columns. */
function patchOf(change: SettingsChange): MerchantSettingsPatch {
  switch (change.section) {
    case 'white-label':
      return { whiteLabel: change.value };
    case 'registration':
      checkRegistration(change.value);
      return { registerSettings: change.value };
    case 'languages':
      refuse(languagesProblem(change.value), 'defaultLanguage');
      return change.value;
    case 'site-access': {
      const { maintenanceWindow: window, ...rest } = change.value;
      refuse(maintenanceWindowProblem(window), 'maintenanceWindow');
      return {
        ...rest,
        maintenanceStartsAt: window.startsAt && new Date(window.startsAt).toISOString(),
        maintenanceEndsAt: window.endsAt && new Date(window.endsAt).toISOString(),
      };
    }
    case 'builtin-games':
      checkBuiltinGames(change.value, change.knownGameCodes);
      return { builtinGames: change.value };
  }
}

/**
 * Operator changes to a merchant's configuration (module `system` owns the `merchants` row). A
 * change runs in the caller's transaction, so its audit entry commits with it; the row is
 * locked first, so two operators' changes to the same merchant follow each other and each
 * audit entry's "before" is what the change really replaced.
 */
export function createMerchantSettings() {
  return {
    async read(executor: Db, merchantCode: string): Promise<SettingsSections> {
      const merchant = await createMerchantRepository(executor).findByCode(merchantCode);
      if (!merchant) throw new AppError('NOT_FOUND', { field: 'merchant' });
      return settingsSectionsOf(merchant);
    },

    async changeWithin(executor: Db, merchantCode: string, change: SettingsChange) {
      const patch = patchOf(change);
      const repository = createMerchantRepository(executor);
      const current = await repository.lockByCode(merchantCode);
      if (!current) throw new AppError('NOT_FOUND', { field: 'merchant' });
      if (change.section === 'builtin-games' && change.keepStakeProfiles && patch.builtinGames) {
        patch.builtinGames = {
          ...patch.builtinGames,
          stakeProfiles: current.builtinGames.stakeProfiles,
        };
      }
      const updated = await repository.updateSettings(merchantCode, patch);
      const key = sectionKeys[change.section];
      const sections = settingsSectionsOf(updated);
      return { before: settingsSectionsOf(current)[key], after: sections[key], sections };
    },
  };
}
export type MerchantSettings = ReturnType<typeof createMerchantSettings>;
