import { BlockList, isIP } from 'node:net';
import { AppError } from '../../http/app-error.js';

/** An IPv4 address seen through an IPv6 socket (`::ffff:10.0.0.1`) is that IPv4 address. */
function plainAddress(ip: string): string {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

function familyOf(address: string): 'ipv4' | 'ipv6' | undefined {
  const version = isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : undefined;
}

/** Checks entries (addresses or CIDR blocks) and answers them trimmed; refuses a bad one. */
export function normaliseAllowedIps(entries: readonly string[]): string[] {
  return entries.map((entry) => {
    const [address = '', prefix] = entry.trim().split('/');
    const family = familyOf(address);
    const maxPrefix = family === 'ipv4' ? 32 : 128;
    const prefixOk =
      prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix);
    if (!family || !prefixOk)
      throw new AppError('OPERATOR_ALLOWED_IP_INVALID', { field: 'allowedIps' });
    return entry.trim();
  });
}

/** Whether `ip` may be used by an operator whose allow-list is `allowed` (empty: any). */
export function ipAllowed(allowed: readonly string[], ip: string): boolean {
  if (allowed.length === 0) return true;
  const address = plainAddress(ip);
  const family = familyOf(address);
  if (!family) return false;
  const list = new BlockList();
  for (const entry of allowed) {
    const [base = '', prefix] = entry.split('/');
    const entryFamily = familyOf(base);
    if (!entryFamily) continue;
    if (prefix === undefined) list.addAddress(base, entryFamily);
    else list.addSubnet(base, Number(prefix), entryFamily);
  }
  return list.check(address, family);
}
