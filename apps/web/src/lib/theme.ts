import {
  type CSSVariablesResolver,
  createTheme,
  localStorageColorSchemeManager,
} from '@mantine/core';
import { localKeys } from './storage';

/** The web font: test machines have no system fonts, so Inter is bundled (@fontsource/inter). */
const FONT_STACK = 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export const theme = createTheme({
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK, fontWeight: '700' },
  primaryColor: 'teal',
  primaryShade: { light: 7, dark: 6 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // WCAG AA (4.5:1) on filled buttons: white on teal is 2.5–3.1:1, so Mantine picks dark text
  // on any colour lighter than this (relative luminance, 0–1).
  autoContrast: true,
  luminanceThreshold: 0.2,
});

/**
 * Secondary ("dimmed") text readable on both backgrounds: Mantine's defaults are 4.0:1 on the
 * dark body and 3.3:1 on white, below WCAG AA; these are above 7:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});

/** Dark by default (SPEC §5); the choice lives in local storage `theme` ('dark' | 'light'). */
export const DEFAULT_COLOR_SCHEME = 'dark';
export const colorSchemeManager = localStorageColorSchemeManager({ key: localKeys.theme });

/** Modal widths of SPEC §2. */
export const MODAL_WIDTH = 600;
export const DIALOG_WIDTH = 400;
/** The member centre: a menu beside its pages needs more than the default modal width. */
export const MEMBER_CENTRE_WIDTH = 960;
