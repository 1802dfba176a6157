import { describe, expect, it } from '@jest/globals';
import { RefusedAddressError, assertPublicUrl, refusedAddress } from './addressGuard.js';

describe('webhook address guard (no server-side request forgery)', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::10.0.0.1',
  ])('refuses %s', (address) => {
    expect(refusedAddress(address)).toMatch(/private, loopback, link-local or reserved/);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '192.169.0.1',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
  ])('lets %s through', (address) => {
    expect(refusedAddress(address)).toBeNull();
  });

  it('refuses what is not an address', () => {
    expect(refusedAddress('localhost')).toMatch(/not an IP address/);
  });

  it('checks a URL: https only, its host resolved, every address public', async () => {
    await expect(assertPublicUrl('http://8.8.8.8/hook', false)).rejects.toThrow(/https/);
    await expect(assertPublicUrl('https://127.0.0.1/hook', false)).rejects.toThrow(
      RefusedAddressError,
    );
    await expect(assertPublicUrl('https://[::1]:8443/hook', false)).rejects.toThrow(/loopback/);
    await expect(
      assertPublicUrl('https://169.254.169.254/latest/meta-data', false),
    ).rejects.toThrow(/link-local/);
    // localhost resolves (from /etc/hosts) to loopback addresses.
    await expect(assertPublicUrl('https://localhost/hook', false)).rejects.toThrow(/loopback/);
    await expect(assertPublicUrl('https://8.8.8.8/hook', false)).resolves.toBeUndefined();
  });

  it('lets anything through when local receivers are allowed (development and tests)', async () => {
    await expect(assertPublicUrl('http://127.0.0.1:9/hook', true)).resolves.toBeUndefined();
  });
});
