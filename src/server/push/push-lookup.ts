import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { ADDRESS_KIND_WORDS, nonPublicAddressKind } from './address-kind';

// A name checked when the subscription was saved can resolve elsewhere later (DNS rebinding, or
// a record pointed at 127.0.0.1 from the start). So the check happens where the socket is made:
// this lookup resolves the name, refuses it if any of its addresses is not public, and hands the
// socket exactly the addresses it checked. The address checked is the address connected to;
// nothing resolves the name a second time (decision 0066).

/** The push endpoint resolves to an address we never send to; retrying will not change that. */
export class PushEndpointRefused extends Error {
  readonly code = 'PUSH_ENDPOINT_REFUSED';
  constructor(message: string) {
    super(message);
    this.name = 'PushEndpointRefused';
  }
}

/** Resolves a name to every address it has: dns.lookup (the system resolver) unless a test's. */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolve: ResolveHost = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });

function wantedFamily(family: number | string | undefined): 4 | 6 | null {
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return null;
}

/**
 * A socket `lookup` (net.connect, http.Agent) that connects only to public addresses, unless
 * local ones are allowed (PUSH_ALLOW_LOCAL_ENDPOINTS, tests only).
 */
export function pushLookup(options: {
  allowLocal: boolean;
  resolve?: ResolveHost;
}): LookupFunction {
  const resolveHost = options.resolve ?? systemResolve;
  return (hostname, lookupOptions, callback) => {
    resolveHost(hostname).then(
      (all) => {
        // One non-public address refuses the name: it could be the one a connection tries.
        const refused = all
          .map(({ address }) => ({ address, kind: nonPublicAddressKind(address) }))
          .find(({ kind }) => kind !== null && !options.allowLocal);
        if (refused?.kind) {
          const words = `${hostname} resolves to ${refused.address}, ${ADDRESS_KIND_WORDS[refused.kind]}`;
          callback(new PushEndpointRefused(`${words}; pushes go only to public addresses`), '');
          return;
        }
        const family = wantedFamily(lookupOptions.family);
        const usable = family ? all.filter((a) => a.family === family) : all;
        const [first] = usable;
        if (!first) {
          const error: NodeJS.ErrnoException = new Error(`${hostname} has no usable address`);
          error.code = 'ENOTFOUND';
          callback(error, '');
          return;
        }
        if (lookupOptions.all) callback(null, usable);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
