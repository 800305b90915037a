import { localStorageColorSchemeManager } from '@mantine/core';
import { localKeys } from './storage';

export { cssVariablesResolver, DEFAULT_COLOR_SCHEME, theme } from '@app/web-shared/theme';

/** The operator's choice, under the console's own key (not the site's `theme`). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: localKeys.theme });
