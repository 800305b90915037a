import { describe, expect, it } from 'vitest';
import { ipAllowed, normaliseAllowedIps } from './allowed-ips.js';

describe('operator allowed addresses', () => {
  it('lets any address in when the list is empty', () => {
    expect(ipAllowed([], '203.0.113.9')).toBe(true);
  });

  it('matches single addresses and CIDR blocks, IPv4 seen through IPv6 too', () => {
    const allowed = ['10.1.0.0/16', '2001:db8::1'];
    expect(ipAllowed(allowed, '10.1.200.3')).toBe(true);
    expect(ipAllowed(allowed, '::ffff:10.1.0.7')).toBe(true);
    expect(ipAllowed(allowed, '10.2.0.1')).toBe(false);
    expect(ipAllowed(allowed, '2001:db8::1')).toBe(true);
    expect(ipAllowed(allowed, '2001:db8::2')).toBe(false);
  });

  it('refuses entries that are not addresses or blocks', () => {
    expect(() => normaliseAllowedIps(['10.0.0.0/33'])).toThrow();
    expect(() => normaliseAllowedIps(['example.com'])).toThrow();
    expect(normaliseAllowedIps([' 10.0.0.1 '])).toEqual(['10.0.0.1']);
  });
});
