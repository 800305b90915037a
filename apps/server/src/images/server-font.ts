import { createRequire } from 'node:module';
import path from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';

/** The family name images drawn on the server use (captcha, avatar). */
export const SERVER_FONT_FAMILY = 'ServerSans';

let registered = false;

/**
 * Registers the bundled DejaVu Sans Bold once and answers its family name. A fresh machine has
 * no system fonts: without this, canvas draws text as nothing, with no error.
 */
export function serverFontFamily(): string {
  if (registered) return SERVER_FONT_FAMILY;
  const require = createRequire(import.meta.url);
  const packageJson = require.resolve('dejavu-fonts-ttf/package.json');
  const file = path.join(path.dirname(packageJson), 'ttf', 'DejaVuSans-Bold.ttf');
  if (!GlobalFonts.registerFromPath(file, SERVER_FONT_FAMILY)) {
    throw new Error(`server font not loaded from ${file}`);
  }
  registered = true;
  return SERVER_FONT_FAMILY;
}
