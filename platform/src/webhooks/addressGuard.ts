import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * The addresses a webhook may not be sent to (docs/decisions/0070-webhooks.md, no server-side
 * request forgery): this host, the private networks, link-local (the cloud metadata service at
 * 169.254.169.254 and fd00:ec2::254), carrier-grade NAT, multicast, reserved and documentation
 * ranges, and IPv6's equivalents; an IPv4 address inside IPv6 (::ffff:a.b.c.d, 64:ff9b::/96) is
 * checked as the IPv4 address it carries.
 */
const refused = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  refused.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  refused.addSubnet(net, bits, 'ipv6');

/** The IPv4 address an IPv6 address carries (mapped, or NAT64's well-known prefix), if any. */
function embeddedIpv4(address: string): string | null {
  const mapped = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const [hi, lo] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** Why an address is refused, or null when it may be called. */
export function refusedAddress(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  const v4 = family === 6 ? embeddedIpv4(address) : address;
  if (v4 !== null && refused.check(v4, 'ipv4'))
    return `${address} is a private, loopback, link-local or reserved address`;
  if (family === 6 && v4 === null && refused.check(address, 'ipv6'))
    return `${address} is a private, loopback, link-local or reserved address`;
  return null;
}

export class RefusedAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedAddressError';
  }
}

/** Every address a host name has (all of them: a name with one private address is refused). */
export function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    );
  });
}

/**
 * Checks a webhook URL's host: each address it resolves to must be a public one (unless `allowLocal`,
 * development and tests). Throws RefusedAddressError with the reason; a name that does not resolve
 * is refused too (it cannot be checked).
 */
export async function assertPublicUrl(url: string, allowLocal: boolean): Promise<void> {
  const parsed = new URL(url);
  if (!allowLocal && parsed.protocol !== 'https:')
    throw new RefusedAddressError('a webhook URL must use https');
  if (allowLocal) return;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: LookupAddress[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolveAll(host);
  } catch {
    throw new RefusedAddressError(`the host ${host} does not resolve`);
  }
  for (const a of addresses) {
    const why = refusedAddress(a.address);
    if (why) throw new RefusedAddressError(`${host}: ${why}`);
  }
}

/**
 * A `lookup` for the HTTP request itself: the connection goes only to an address that was
 * checked in this same lookup, so a name that resolves to a public address at save time and to
 * a private one at send time (DNS rebinding) is refused at send time.
 */
export function guardedLookup(allowLocal: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses;
      const bad = allowLocal ? undefined : list.find((a) => refusedAddress(a.address));
      if (bad)
        return callback(
          new RefusedAddressError(`${hostname}: ${refusedAddress(bad.address)}`),
          '',
          0,
        );
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      const first = list[0];
      if (!first) return callback(new Error(`${hostname} has no address`), '', 0);
      callback(null, first.address, first.family);
    });
  };
}
