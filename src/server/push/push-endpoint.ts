// The server POSTs to whatever endpoint a subscription names, so an endpoint is a way to make us
// send requests: in production only the push services' own hosts are accepted (config
// PUSH_SERVICE_HOSTS), over https. Outside production any http(s) endpoint is, so a local push
// service can stand in for the real ones in tests.

/** null when the endpoint may be used; otherwise why not, in words for the API's answer. */
export function pushEndpointProblem(
  endpoint: string,
  allowedHosts: string[] | null,
): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The push endpoint is not a URL.';
  }
  if (allowedHosts === null) {
    return url.protocol === 'https:' || url.protocol === 'http:'
      ? null
      : 'The push endpoint must be an http(s) URL.';
  }
  if (url.protocol !== 'https:') return 'The push endpoint must be https.';
  const host = url.hostname.toLowerCase();
  const known = allowedHosts.some((h) => host === h || host.endsWith(`.${h}`));
  return known ? null : 'This browser’s push service is not one we can send to.';
}
