import { isIP } from 'node:net';
import type { PushConfig } from '../config';
import { ADDRESS_KIND_WORDS, nonPublicAddressKind } from './address-kind';

// The server POSTs to whatever endpoint a subscription names, so an endpoint is a way to make us
// send requests (decision 0066). In every environment it must be https on the standard port, to
// a host that is neither a non-public IP address nor a name that only means something locally;
// in production its host must also be a push service's (PUSH_SERVICE_HOSTS). Only
// PUSH_ALLOW_LOCAL_ENDPOINTS, never on in production, lets a local test push service in. This
// checks the URL; push-lookup.ts checks the addresses its name resolves to when we connect.

export type PushEndpointPolicy = Pick<PushConfig, 'serviceHosts' | 'allowLocalEndpoints'>;

/**
 * Names that resolve to this machine or the local network only: localhost (RFC 6761), mDNS
 * (.local, RFC 6762), home networks (.home.arpa, RFC 8375) and the private-use .internal, which
 * clouds use for their metadata service.
 */
const LOCAL_SUFFIXES = ['localhost', 'local', 'home.arpa', 'internal', 'localdomain'];

/** The URL's host as a resolver sees it: no IPv6 brackets, no trailing dot, lower case. */
export function endpointHost(url: URL): string {
  return url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

const ONLY_PUBLIC = 'pushes go only to public push services.';

function localNameProblem(host: string): string | null {
  if (isIP(host)) {
    const kind = nonPublicAddressKind(host);
    if (!kind) return null;
    return `The push endpoint's host ${host} is ${ADDRESS_KIND_WORDS[kind]}; ${ONLY_PUBLIC}`;
  }
  const local =
    !host.includes('.') || LOCAL_SUFFIXES.some((s) => host === s || host.endsWith(`.${s}`));
  return local ? `The push endpoint's host ${host} is a local name; ${ONLY_PUBLIC}` : null;
}

/** null when the endpoint may be used; otherwise why not, in words for the API's answer. */
export function pushEndpointProblem(endpoint: string, policy: PushEndpointPolicy): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The push endpoint is not a URL.';
  }
  if (url.username || url.password)
    return 'The push endpoint must not carry a user name or password.';
  // Production's list of push services wins over the setting, which config refuses there anyway.
  if (policy.allowLocalEndpoints && policy.serviceHosts === null) {
    const web = url.protocol === 'https:' || url.protocol === 'http:';
    return web ? null : 'The push endpoint must be an http(s) URL.';
  }
  if (url.protocol !== 'https:') return 'The push endpoint must be https.';
  // Push services listen on 443; another port would let an endpoint reach any service on a host.
  if (url.port !== '') return 'The push endpoint must use the standard https port.';
  const host = endpointHost(url);
  const problem = localNameProblem(host);
  if (problem) return problem;
  if (policy.serviceHosts === null) return null;
  const known = policy.serviceHosts.some((h) => host === h || host.endsWith(`.${h}`));
  return known ? null : 'This browser’s push service is not one we can send to.';
}
