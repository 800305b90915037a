import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Flags that keep Chromium from reaching for the network on a machine with none. */
const QUIET_FLAGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-gpu',
  '--no-sandbox',
];

/** The sparticuz build's own flags, minus one that breaks several contexts in one browser. */
const SPARTICUZ_FLAGS_TO_DROP = [/^--single-process$/, /^--headless/];

export interface ChromiumChoice {
  executablePath: string;
  args: string[];
}

/**
 * Chromium from CHROMIUM_PATH, else Debian's /usr/bin/chromium, else the one the
 * `@sparticuz/chromium` dev dependency unpacks, so that tests need nothing but Node.
 */
export async function chooseChromium(): Promise<ChromiumChoice> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return { executablePath: fromEnv, args: QUIET_FLAGS };
  if (existsSync('/usr/bin/chromium')) {
    return { executablePath: '/usr/bin/chromium', args: QUIET_FLAGS };
  }
  const sparticuz = (await import('@sparticuz/chromium')).default;
  const executablePath = await sparticuz.executablePath();
  const args = sparticuz.args.filter(
    (arg) => !SPARTICUZ_FLAGS_TO_DROP.some((pattern) => pattern.test(arg)),
  );
  return { executablePath, args: [...new Set([...args, ...QUIET_FLAGS])] };
}

export async function launchBrowser(): Promise<Browser> {
  const { executablePath, args } = await chooseChromium();
  return chromium.launch({ executablePath, args, headless: true });
}
