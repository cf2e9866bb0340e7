import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';

/**
 * The country of an IP address, from the IP-to-country database that ships inside the
 * geoip-country package (GeoLite2 data): no network call is made. The database takes
 * some megabytes, so it is read on the first lookup, not at start.
 */

interface GeoIpCountry {
  lookup(ip: string): { country?: unknown } | null;
}

function isGeoIp(value: unknown): value is GeoIpCountry {
  return typeof value === 'object' && value !== null && typeof (value as { lookup?: unknown }).lookup === 'function';
}

let geoip: GeoIpCountry | undefined;

function database(): GeoIpCountry {
  if (!geoip) {
    const loaded: unknown = createRequire(import.meta.url)('geoip-country');
    if (!isGeoIp(loaded)) throw new Error('geoip-country does not export lookup()');
    geoip = loaded;
  }
  return geoip;
}

/** Addresses that never belong to a country: loopback, private, link-local, shared, reserved. */
const LOCAL: BlockList = (() => {
  const list = new BlockList();
  const v4: Array<[string, number]> = [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['224.0.0.0', 3],
  ];
  for (const [net, prefix] of v4) list.addSubnet(net, prefix, 'ipv4');
  const v6: Array<[string, number]> = [
    ['::', 127], // unspecified and loopback
    ['fc00::', 7], // unique local
    ['fe80::', 10], // link-local
    ['ff00::', 8], // multicast
  ];
  for (const [net, prefix] of v6) list.addSubnet(net, prefix, 'ipv6');
  return list;
})();

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:1.2.3.4), else the input. */
export function unmapIp(ip: string): string {
  const match = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip.trim());
  return match?.[1] ?? ip.trim();
}

/** True for an address that is not on the public internet (or is not an address at all). */
export function isLocalIp(ip: string): boolean {
  const address = unmapIp(ip);
  const family = isIP(address);
  if (family === 0) return true;
  return LOCAL.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The two-letter country of a public IP address; null for local or unknown addresses. */
export function countryOfIp(ip: string): string | null {
  if (isLocalIp(ip)) return null;
  const country = database().lookup(unmapIp(ip))?.country;
  return typeof country === 'string' && /^[A-Z]{2}$/.test(country) ? country : null;
}
