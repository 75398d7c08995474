/**
 * The address blocks a webhook may never reach: every block of the IANA IPv4 and IPv6 Special-Purpose
 * Address Registries (iana-ipv4-special-registry, iana-ipv6-special-registry, as updated 2025), with
 * multicast and the deprecated site-local block beside them. Only the IPv6 blocks whose addresses
 * carry an IPv4 address (IPv4-mapped, IPv4-compatible, NAT64's well-known prefix, 6to4) are judged by
 * the IPv4 address they carry instead, as that is where a connection to them ends up.
 */

/** IPv4 blocks as [first octets, prefix length]. */
const IPV4_BLOCKS: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network" (RFC 791), "this host" 0.0.0.0/32 inside it
  ['10.0.0.0', 8], // private use (RFC 1918)
  ['100.64.0.0', 10], // shared address space (RFC 6598)
  ['127.0.0.0', 8], // loopback (RFC 1122)
  ['169.254.0.0', 16], // link local (RFC 3927)
  ['172.16.0.0', 12], // private use (RFC 1918)
  ['192.0.0.0', 24], // IETF protocol assignments (RFC 6890): DS-Lite, PCP and TURN anycast, NAT64 discovery
  ['192.0.2.0', 24], // documentation TEST-NET-1 (RFC 5737)
  ['192.31.196.0', 24], // AS112-v4 (RFC 7535)
  ['192.52.193.0', 24], // AMT (RFC 7450)
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast (RFC 7526)
  ['192.168.0.0', 16], // private use (RFC 1918)
  ['192.175.48.0', 24], // direct delegation AS112 service (RFC 7534)
  ['198.18.0.0', 15], // benchmarking (RFC 2544)
  ['198.51.100.0', 24], // documentation TEST-NET-2 (RFC 5737)
  ['203.0.113.0', 24], // documentation TEST-NET-3 (RFC 5737)
  ['224.0.0.0', 4], // multicast (RFC 5771; its own registry)
  ['240.0.0.0', 4], // reserved (RFC 1112), with the limited broadcast 255.255.255.255/32 (RFC 919)
];

/** IPv6 blocks refused whole, as [address, prefix length]. */
const IPV6_BLOCKS: readonly (readonly [string, number])[] = [
  ['64:ff9b:1::', 48], // IPv4-IPv6 translation for local use (RFC 8215)
  ['100::', 64], // discard-only (RFC 6666)
  ['100:0:0:1::', 64], // dummy IPv6 prefix (RFC 9780)
  ['2001::', 23], // IETF protocol assignments (RFC 2928): Teredo, PCP, benchmarking, AMT, AS112, ORCHID, DRIP
  ['2001:db8::', 32], // documentation (RFC 3849)
  ['2620:4f:8000::', 48], // direct delegation AS112 service (RFC 7534)
  ['3fff::', 20], // documentation (RFC 9637)
  ['5f00::', 16], // segment routing SIDs (RFC 9602)
  ['fc00::', 7], // unique local (RFC 4193)
  ['fe80::', 10], // link-local unicast (RFC 4291)
  ['fec0::', 10], // site-local, deprecated (RFC 3879)
  ['ff00::', 8], // multicast (RFC 4291; its own registry)
];

/** IPv6 blocks whose addresses carry an IPv4 address, and the bit at which it starts. */
const IPV4_CARRIERS: readonly (readonly [string, number, number])[] = [
  ['::', 96, 96], // IPv4-compatible (RFC 4291, deprecated); :: and ::1 carry 0.0.0.0 and 0.0.0.1
  ['::ffff:0:0', 96, 96], // IPv4-mapped (RFC 4291)
  ['64:ff9b::', 96, 96], // IPv4-IPv6 translation, NAT64's well-known prefix (RFC 6052)
  ['2002::', 16, 16], // 6to4 (RFC 3056)
];

/** An IPv4 address as its 32 bits, or undefined when the text is not a dotted quad. */
export function ipv4Bits(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return undefined;
  const octets = parts.map(Number);
  if (!octets.every((o) => o <= 255)) return undefined;
  return octets.reduce((bits, octet) => bits * 256 + octet, 0);
}

/** An IPv6 address (`::` and a dotted IPv4 tail allowed, a zone dropped) as its 128 bits. */
export function ipv6Bits(text: string): bigint | undefined {
  if (!text.includes(':')) return undefined;
  let body = text.replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(body);
  if (dotted) {
    const v4 = ipv4Bits(dotted[1]!);
    if (v4 === undefined) return undefined;
    body = `${body.slice(0, dotted.index)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return undefined;
  const parse = (s: string): number[] | undefined => {
    if (s === '') return [];
    const groups = s.split(':');
    return groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g)) ? groups.map((g) => parseInt(g, 16)) : undefined;
  };
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  if (!head || !rest) return undefined;
  const known = head.length + rest.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return undefined;
  const groups = [...head, ...new Array<number>(8 - known).fill(0), ...rest];
  return groups.reduce((bits, group) => (bits << 16n) | BigInt(group), 0n);
}

const inV4Block = (bits: number, [first, length]: readonly [string, number]): boolean =>
  Math.floor(bits / 2 ** (32 - length)) === Math.floor(ipv4Bits(first)! / 2 ** (32 - length));

const inV6Block = (bits: bigint, first: string, length: number): boolean =>
  bits >> BigInt(128 - length) === ipv6Bits(first)! >> BigInt(128 - length);

/** True for an IPv4 address (as 32 bits) in a special-purpose block. */
export function isSpecialIpv4(bits: number): boolean {
  return IPV4_BLOCKS.some((block) => inV4Block(bits, block));
}

/** True for an IPv6 address (as 128 bits) in a special-purpose block, or carrying an IPv4 one that is. */
export function isSpecialIpv6(bits: bigint): boolean {
  if (IPV6_BLOCKS.some(([first, length]) => inV6Block(bits, first, length))) return true;
  const carrier = IPV4_CARRIERS.find(([first, length]) => inV6Block(bits, first, length));
  if (!carrier) return false;
  const carried = Number((bits >> BigInt(128 - carrier[2] - 32)) & 0xffffffffn);
  return isSpecialIpv4(carried);
}
