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
  // Contrast (WCAG AA, checked by axe in e2e): white text needs teal 9 under it in both themes.
  primaryShade: { light: 9, dark: 9 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // WCAG AA (4.5:1) on filled buttons of other colours: Mantine picks dark text on any colour
  // lighter than this (relative luminance, 0–1).
  autoContrast: true,
  luminanceThreshold: 0.2,
});

/** Dark by default (SPEC §5); the choice lives in local storage `theme` ('dark' | 'light'). */
export const DEFAULT_COLOR_SCHEME = 'dark';
export const colorSchemeManager = localStorageColorSchemeManager({ key: localKeys.theme });

/** Modal widths of SPEC §2. */
export const MODAL_WIDTH = 600;
export const DIALOG_WIDTH = 400;
/** The member centre: a menu beside its pages needs more than the default modal width. */
export const MEMBER_CENTRE_WIDTH = 960;

/**
 * Mantine's default "dimmed" grey and tinted-button text is below 4.5:1 on both backgrounds; these shades keep
 * secondary text readable (and pass axe's contrast rule) in each theme.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // The "light" variant (tinted background): teal 9 text reaches 4.5:1 only on teal 0.
    '--mantine-color-teal-light': 'var(--mantine-color-teal-0)',
    '--mantine-color-teal-light-hover': 'var(--mantine-color-teal-1)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-teal-light-color': 'var(--mantine-color-teal-3)',
    '--mantine-color-anchor': 'var(--mantine-color-teal-4)',
  },
});
