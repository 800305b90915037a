import {
  type CSSVariablesResolver,
  createTheme,
  localStorageColorSchemeManager,
} from '@mantine/core';
import { localKeys } from './storage';

/**
 * The player site's theme (apps/web/src/lib/theme.ts), repeated rather than imported: the console
 * may not import the web app. Keep the two in step until a shared UI package exists.
 */
const FONT_STACK = 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export const theme = createTheme({
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK, fontWeight: '700' },
  primaryColor: 'teal',
  // Contrast (WCAG AA): white text needs teal 9 under it in both themes.
  primaryShade: { light: 9, dark: 9 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  autoContrast: true,
  luminanceThreshold: 0.2,
});

export const DEFAULT_COLOR_SCHEME = 'dark';
export const colorSchemeManager = localStorageColorSchemeManager({ key: localKeys.theme });

/** Mantine's default "dimmed" grey is below 4.5:1 on both backgrounds; these shades are not. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-teal-light': 'var(--mantine-color-teal-0)',
    '--mantine-color-teal-light-hover': 'var(--mantine-color-teal-1)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-teal-light-color': 'var(--mantine-color-teal-3)',
    '--mantine-color-anchor': 'var(--mantine-color-teal-4)',
  },
});
