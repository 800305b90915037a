/** Longest Cookie header read; a bigger one is not ours and is ignored past this. */
export const COOKIE_HEADER_MAX_LENGTH = 8 * 1024;

/**
 * The cookies of a `Cookie` request header, by name (the first of a repeated name wins, as
 * browsers send the most specific path first). Values are percent-decoded when they can be.
 */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.slice(0, COOKIE_HEADER_MAX_LENGTH).split(';')) {
    const equals = part.indexOf('=');
    if (equals < 0) continue;
    const name = part.slice(0, equals).trim();
    if (name === '' || cookies.has(name)) continue;
    let value = part.slice(equals + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) {
      value = value.slice(1, -1);
    }
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      cookies.set(name, value);
    }
  }
  return cookies;
}

export interface CookieOptions {
  path: string;
  /** Absent: a cookie of the browser session. Zero: delete the cookie. */
  maxAgeSeconds?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'Strict' | 'Lax';
}

const COOKIE_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;

/** One `Set-Cookie` header value. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  if (!COOKIE_NAME_PATTERN.test(name)) throw new Error(`bad cookie name ${name}`);
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path}`];
  if (options.maxAgeSeconds !== undefined) {
    parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`);
  }
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  if (options.sameSite) parts.push(`SameSite=${options.sameSite}`);
  return parts.join('; ');
}
