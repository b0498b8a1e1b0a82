import { Agent as HttpAgent, request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { ADDRESS_KIND_WORDS, nonPublicAddressKind } from './address-kind';
import { endpointHost } from './push-endpoint';
import { PushEndpointRefused, pushLookup, type ResolveHost } from './push-lookup';

// The push request itself, on node:http(s) rather than fetch: fetch cannot be given a lookup, and
// the lookup is where a resolved address is checked before the socket connects to it
// (push-lookup.ts). Redirects are not followed (an answer of 3xx is just an answer), and the
// response is read only far enough to quote it in an error.

export interface PushRequest {
  endpoint: string;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

export interface PushAnswer {
  status: number;
  /** The start of the body, for the error of an answer that is not 2xx. */
  text: string;
}

const QUOTED_BYTES = 1024;

export function createPushPoster(options: { allowLocal: boolean; resolve?: ResolveHost }) {
  const lookup = pushLookup(options);
  // One pair of agents per worker, all connections through the checked lookup: a kept-alive
  // socket is reused only for the host it was checked for.
  const agents = {
    'http:': new HttpAgent({ keepAlive: true, lookup }),
    'https:': new HttpsAgent({ keepAlive: true, lookup }),
  };

  return function postPush(push: PushRequest, timeoutMs: number): Promise<PushAnswer> {
    const url = new URL(push.endpoint);
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      return Promise.reject(new PushEndpointRefused(`${url.protocol} is not http(s)`));
    const host = endpointHost(url);
    // An IP literal is connected to without any lookup, so it is checked here.
    const kind = isIP(host) ? nonPublicAddressKind(host) : null;
    if (kind && !options.allowLocal)
      return Promise.reject(
        new PushEndpointRefused(
          `${host} is ${ADDRESS_KIND_WORDS[kind]}; pushes go only to public addresses`,
        ),
      );
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<PushAnswer>((resolve, reject) => {
      const request = send(
        url,
        {
          method: 'POST',
          agent: agents[url.protocol as 'http:' | 'https:'],
          headers: { ...push.headers, 'content-length': push.body.length },
          signal: AbortSignal.timeout(timeoutMs),
        },
        (response) => {
          const status = response.statusCode ?? 0;
          const chunks: Buffer[] = [];
          let kept = 0;
          response.on('data', (chunk: Buffer) => {
            if (status < 300 || kept >= QUOTED_BYTES) return;
            chunks.push(chunk);
            kept += chunk.length;
          });
          response.on('error', reject);
          response.on('end', () =>
            resolve({ status, text: Buffer.concat(chunks).toString('utf8').slice(0, 200) }),
          );
          // A timeout or a dropped connection mid-answer may end the response without 'end'.
          response.on('close', () => {
            if (!response.complete) reject(new Error('the push service closed mid-answer'));
          });
        },
      );
      request.on('error', reject);
      request.end(push.body);
    });
  };
}

export type PostPush = ReturnType<typeof createPushPoster>;
