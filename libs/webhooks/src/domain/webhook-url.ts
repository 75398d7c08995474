import { ipv4Bits, ipv6Bits, isSpecialIpv4, isSpecialIpv6 } from './special-addresses';

export type WebhookUrlCheck =
  { ok: true; url: string } | { ok: false; issue: 'invalid' | 'not_https' | 'private_address' };

const MAX_URL_LENGTH = 2048;

/**
 * An endpoint URL as partner platform 4.1 allows it: absolute `https://` with a host, no credentials,
 * and not an address in a special-purpose block (isRestrictedAddress), nor `localhost`.
 * `allowPrivate` (the operator's WEBHOOK_ALLOW_PRIVATE_URLS, for development and tests) lifts the last
 * two rules: `http://` and such addresses are then taken. Names are resolved, and checked again, on
 * every delivery (isRestrictedAddress); here only what the URL itself says.
 */
export function checkWebhookUrl(text: unknown, allowPrivate: boolean): WebhookUrlCheck {
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_URL_LENGTH)
    return { ok: false, issue: 'invalid' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, issue: 'invalid' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, issue: 'invalid' };
  if (url.hostname === '' || url.username !== '' || url.password !== '' || /\s/.test(text))
    return { ok: false, issue: 'invalid' };
  if (allowPrivate) return { ok: true, url: url.toString() };
  if (url.protocol !== 'https:') return { ok: false, issue: 'not_https' };
  const host = hostOf(url);
  if (host === 'localhost' || host.endsWith('.localhost') || isRestrictedAddress(host))
    return { ok: false, issue: 'private_address' };
  return { ok: true, url: url.toString() };
}

/** The URL's host name or address, IPv6 without its brackets, lower case. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

/**
 * True for an IP address (v4 or v6 text) a webhook must not reach: one in a block of the IANA
 * special-purpose registries (loopback, private, shared, link-local, unique-local, documentation,
 * benchmarking, reserved, multicast, broadcast...), or an IPv6 address that carries such an IPv4
 * address (IPv4-mapped or -compatible, NAT64, 6to4): special-addresses.ts. False for names and
 * public addresses.
 */
export function isRestrictedAddress(address: string): boolean {
  const v4 = ipv4Bits(address);
  if (v4 !== undefined) return isSpecialIpv4(v4);
  const v6 = ipv6Bits(address);
  return v6 !== undefined && isSpecialIpv6(v6);
}
