import { localStorageColorSchemeManager } from '@mantine/core';
import { localKeys } from './storage';

export { cssVariablesResolver, DEFAULT_COLOR_SCHEME, theme } from '@app/web-shared/theme';

/** The visitor's choice lives in local storage `theme` ('dark' | 'light', SPEC §5). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: localKeys.theme });

/** Modal widths of SPEC §2. */
export const MODAL_WIDTH = 600;
export const DIALOG_WIDTH = 400;
/** The member centre: a menu beside its pages needs more than the default modal width. */
export const MEMBER_CENTRE_WIDTH = 960;
