/** Browsers by the token that names them, most specific first (Edge and Opera say "Chrome" too). */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\b(Headless)?Chrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

function firstMatch(userAgent: string, table: ReadonlyArray<[RegExp, string]>): string | null {
  for (const [pattern, name] of table) if (pattern.test(userAgent)) return name;
  return null;
}

/**
 * A short, readable name of the device a session came from ("Chrome on Windows"), from its
 * User-Agent; never the raw header, which is long and may carry anything the client wrote.
 */
export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = firstMatch(userAgent, BROWSERS);
  const system = firstMatch(userAgent, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Other device';
}
