import type { LanguageCode } from './language-codes.js';
import { checkPatternSafety } from './register-pattern-safety.js';
import { findRegisterPattern } from './register-patterns.js';
import type { RegisterFieldRule } from './register-rules.js';

/**
 * The checks an operator's settings pass before they are saved, zod-free so the console runs
 * the very same ones as the server: each answers the error code the server would refuse with.
 */
export type SettingsProblem =
  | 'SETTINGS_PATTERN_INVALID'
  | 'SETTINGS_PATTERN_UNSAFE'
  | 'SETTINGS_LENGTHS_INVALID'
  | 'SETTINGS_REQUIRED_NOT_ENABLED'
  | 'SETTINGS_DEFAULT_LANGUAGE_UNSUPPORTED'
  | 'SETTINGS_STAKE_LIMITS_INVALID'
  | 'SETTINGS_MAINTENANCE_WINDOW_INVALID';

/** Longest maintenance message per language, in characters. */
export const MAINTENANCE_MESSAGE_MAX_LENGTH = 500;
/** Countries a merchant may refuse: every ISO 3166-1 code fits, a typo in a loop does not. */
export const BLOCKED_COUNTRIES_MAX = 250;
/** A planned maintenance window may last at most this long (a week). */
export const MAINTENANCE_WINDOW_MAX_MS = 7 * 24 * 60 * 60 * 1000;

export function registerRuleProblem(rule: RegisterFieldRule): SettingsProblem | null {
  if (rule.required && !rule.enabled) return 'SETTINGS_REQUIRED_NOT_ENABLED';
  if (rule.minLength > rule.maxLength) return 'SETTINGS_LENGTHS_INVALID';
  if (!findRegisterPattern(rule.patternId)) return 'SETTINGS_PATTERN_INVALID';
  const own = rule.acceptedPattern;
  if (own === '' || own === findRegisterPattern(rule.patternId)?.regex.source) return null;
  const safety = checkPatternSafety(own);
  if (safety === 'unsafe') return 'SETTINGS_PATTERN_UNSAFE';
  return safety === 'ok' ? null : 'SETTINGS_PATTERN_INVALID';
}

export function languagesProblem(input: {
  supportedLanguages: readonly LanguageCode[];
  defaultLanguage: LanguageCode;
  defaultGameLanguage: LanguageCode;
}): SettingsProblem | null {
  const supported = new Set(input.supportedLanguages);
  return supported.has(input.defaultLanguage) && supported.has(input.defaultGameLanguage)
    ? null
    : 'SETTINGS_DEFAULT_LANGUAGE_UNSUPPORTED';
}

/** Minor units; a field left out uses the server's default. */
export interface StakeLimits {
  minStakeMinor?: number | undefined;
  maxStakeMinor?: number | undefined;
  maxPayoutMinor?: number | undefined;
}

export function stakeLimitsProblem(limits: StakeLimits): SettingsProblem | null {
  const { minStakeMinor, maxStakeMinor, maxPayoutMinor } = limits;
  if (minStakeMinor !== undefined && maxStakeMinor !== undefined && minStakeMinor > maxStakeMinor) {
    return 'SETTINGS_STAKE_LIMITS_INVALID';
  }
  if (
    maxStakeMinor !== undefined &&
    maxPayoutMinor !== undefined &&
    maxPayoutMinor < maxStakeMinor
  ) {
    return 'SETTINGS_STAKE_LIMITS_INVALID';
  }
  return null;
}

/** Both ends or neither; the end after the start, at most MAINTENANCE_WINDOW_MAX_MS later. */
export function maintenanceWindowProblem(window: {
  startsAt: string | null;
  endsAt: string | null;
}): SettingsProblem | null {
  if (window.startsAt === null && window.endsAt === null) return null;
  if (window.startsAt === null || window.endsAt === null) {
    return 'SETTINGS_MAINTENANCE_WINDOW_INVALID';
  }
  const lengthMs = Date.parse(window.endsAt) - Date.parse(window.startsAt);
  return lengthMs > 0 && lengthMs <= MAINTENANCE_WINDOW_MAX_MS
    ? null
    : 'SETTINGS_MAINTENANCE_WINDOW_INVALID';
}

/** Whether the site is under maintenance at `nowMs`: switched on, or inside the planned window. */
export function maintenanceActiveAt(
  settings: {
    maintenance: boolean;
    maintenanceStartsAt: string | null;
    maintenanceEndsAt: string | null;
  },
  nowMs: number,
): boolean {
  if (settings.maintenance) return true;
  if (!settings.maintenanceStartsAt || !settings.maintenanceEndsAt) return false;
  return (
    Date.parse(settings.maintenanceStartsAt) <= nowMs &&
    nowMs < Date.parse(settings.maintenanceEndsAt)
  );
}
