import { isIPv4, isIPv6 } from 'node:net';

// Which addresses a push may be sent to: only public unicast ones. Everything else reaches the
// machine itself, the private network it sits in, or the cloud's metadata service, and a push
// endpoint is a URL any customer can hand us (decision 0066). The ranges are IANA's
// special-purpose registries (RFC 6890 and its updates); an IPv6 address that carries an IPv4
// one (mapped, NAT64, 6to4) is judged by the IPv4 address it reaches.

export type AddressKind =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'unique-local'
  | 'multicast'
  | 'documentation'
  | 'benchmarking'
  | 'reserved'
  | 'not-an-address';

/** Words for an API answer: "a loopback address". */
export const ADDRESS_KIND_WORDS: Record<AddressKind, string> = {
  unspecified: 'an unspecified ("this network") address',
  loopback: 'a loopback address',
  private: 'a private-network address',
  shared: 'a carrier-grade NAT (shared) address',
  'link-local': 'a link-local address',
  'unique-local': 'a unique-local (private) IPv6 address',
  multicast: 'a multicast or broadcast address',
  documentation: 'a documentation-only address',
  benchmarking: 'a benchmarking-network address',
  reserved: 'a reserved address',
  'not-an-address': 'not an IP address',
};

type V4Range = readonly [first: number, prefix: number, kind: AddressKind];

const v4 = (a: number, b: number, c: number, d: number) =>
  ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;

const V4_RANGES: readonly V4Range[] = [
  [v4(0, 0, 0, 0), 8, 'unspecified'],
  [v4(10, 0, 0, 0), 8, 'private'],
  [v4(100, 64, 0, 0), 10, 'shared'],
  [v4(127, 0, 0, 0), 8, 'loopback'],
  [v4(169, 254, 0, 0), 16, 'link-local'],
  [v4(172, 16, 0, 0), 12, 'private'],
  [v4(192, 0, 0, 0), 24, 'reserved'],
  [v4(192, 0, 2, 0), 24, 'documentation'],
  [v4(192, 88, 99, 0), 24, 'reserved'],
  [v4(192, 168, 0, 0), 16, 'private'],
  [v4(198, 18, 0, 0), 15, 'benchmarking'],
  [v4(198, 51, 100, 0), 24, 'documentation'],
  [v4(203, 0, 113, 0), 24, 'documentation'],
  [v4(224, 0, 0, 0), 4, 'multicast'],
  // 240/4 is reserved for future use; its last address is the limited broadcast.
  [v4(255, 255, 255, 255), 32, 'multicast'],
  [v4(240, 0, 0, 0), 4, 'reserved'],
];

function ipv4Kind(value: number): AddressKind | null {
  for (const [first, prefix, kind] of V4_RANGES) {
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
    if ((value & mask) >>> 0 === first) return kind;
  }
  return null;
}

function parseIPv4(text: string): number {
  const [a = 0, b = 0, c = 0, d = 0] = text.split('.').map(Number);
  return v4(a, b, c, d);
}

/** Eight 16-bit groups; the caller has checked the text with isIPv6. */
function parseIPv6(text: string): number[] {
  let body = text;
  const lastColon = body.lastIndexOf(':');
  const dotted = body.slice(lastColon + 1);
  if (dotted.includes('.')) {
    // A dotted IPv4 tail (::ffff:127.0.0.1) is the last two groups.
    const n = parseIPv4(dotted);
    body = `${body.slice(0, lastColon + 1)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const groupsOf = (part: string) =>
    part === '' ? [] : part.split(':').map((g) => parseInt(g, 16));
  const [head = '', tail] = body.split('::');
  if (tail === undefined) return groupsOf(head);
  const left = groupsOf(head);
  const right = groupsOf(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const inPrefix = (groups: number[], prefix: number[], bits: number): boolean => {
  for (let i = 0; i * 16 < bits; i++) {
    const take = Math.min(16, bits - i * 16);
    const mask = (0xffff << (16 - take)) & 0xffff;
    if (((groups[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
};

const ipv4Of = (high: number, low: number) => ((high << 16) | low) >>> 0;

function ipv6Kind(groups: number[]): AddressKind | null {
  const [g0 = 0, g1 = 0, g2 = 0, , , , g6 = 0, g7 = 0] = groups;
  // Carriers of an IPv4 address: the connection ends at that address.
  if (inPrefix(groups, [0, 0, 0, 0, 0, 0xffff], 96)) return ipv4Kind(ipv4Of(g6, g7));
  if (inPrefix(groups, [0x64, 0xff9b], 96)) return ipv4Kind(ipv4Of(g6, g7));
  if (g0 === 0x2002) return ipv4Kind(ipv4Of(g1, g2));
  if (groups.every((g) => g === 0)) return 'unspecified';
  if (inPrefix(groups, [0, 0, 0, 0, 0, 0, 0, 1], 128)) return 'loopback';
  if (inPrefix(groups, [0xfe80], 10)) return 'link-local';
  if (inPrefix(groups, [0xfec0], 10)) return 'private'; // site-local, deprecated
  if (inPrefix(groups, [0xfc00], 7)) return 'unique-local';
  if (inPrefix(groups, [0xff00], 8)) return 'multicast';
  if (inPrefix(groups, [0x2001, 0x0db8], 32) || inPrefix(groups, [0x3fff], 20))
    return 'documentation';
  if (inPrefix(groups, [0x2001, 0x0002, 0], 48)) return 'benchmarking';
  // 2001::/23 holds Teredo, ORCHID and other protocol assignments: tunnels, not push services.
  if (inPrefix(groups, [0x2001], 23)) return 'reserved';
  // Everything else outside 2000::/3 (global unicast) is unassigned or special: ::/8 with the
  // IPv4-compatible and translated forms, 64:ff9b:1::/48, 100::/64, 5f00::/16 and more.
  if (!inPrefix(groups, [0x2000], 3)) return 'reserved';
  return null;
}

/**
 * null for a public unicast address, which a push may go to; otherwise what kind it is. Takes
 * an address as dns.lookup or a URL's host gives it (IPv6 with or without brackets or a zone).
 */
export function nonPublicAddressKind(address: string): AddressKind | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(bare)) return ipv4Kind(parseIPv4(bare));
  if (isIPv6(bare)) return ipv6Kind(parseIPv6(bare.toLowerCase()));
  return 'not-an-address';
}
