import { type CSSVariablesResolver, createTheme } from '@mantine/core';

/**
 * The one theme of the player site and the console (each app adds its own colour-scheme storage
 * key: apps/web/src/lib/theme.ts, apps/admin/src/lib/theme.ts).
 */

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

/** Dark by default (SPEC §5); each app keeps the visitor's choice in its own local storage key. */
export const DEFAULT_COLOR_SCHEME = 'dark';

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
