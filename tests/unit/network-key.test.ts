import { describe, expect, it } from 'vitest';
import { networkKey } from '~/server/middleware/client-ip';

describe('networkKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(networkKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4, in either notation', () => {
    expect(networkKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(networkKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(networkKey('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by their /64, whatever the notation', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2:a:b:c:d',
      '[2001:db8:1:2::9]',
      '2001:db8:1:2::1%eth0',
    ]) {
      expect(networkKey(address), address).toBe(key);
    }
    expect(networkKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(networkKey('::1')).toBe('0:0:0:0::/64');
    expect(networkKey('2001:db8::203.0.113.7')).toBe('2001:db8:0:0::/64');
  });

  it('passes anything else through, lower-cased', () => {
    expect(networkKey('unknown')).toBe('unknown');
    expect(networkKey(' Not-An-Address ')).toBe('not-an-address');
  });
});
