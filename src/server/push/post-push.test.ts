import type { LookupAddress } from 'node:dns';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushPoster } from './post-push';
import { PushEndpointRefused, type ResolveHost } from './push-lookup';

// A real socket to a real server on 127.0.0.1: what reaches it is what the poster connected to.
// The resolver is the system's (localhost) or one that answers as a hostile DNS server would.

let server: Server;
let port: number;
const received: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    received.push(req.headers);
    req.resume();
    req.on('end', () => res.writeHead(201).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const push = (endpoint: string) => ({
  endpoint,
  headers: { ttl: '60' },
  body: Buffer.from('x'),
});

/** Answers each name from a table, counting how often it was asked. */
function hostileDns(answers: Record<string, LookupAddress[]>) {
  const asked: string[] = [];
  const resolve: ResolveHost = async (hostname) => {
    asked.push(hostname);
    const found = answers[hostname];
    if (!found) throw Object.assign(new Error(`no such name ${hostname}`), { code: 'ENOTFOUND' });
    return found;
  };
  return { asked, resolve };
}

describe('postPush', () => {
  it('refuses an endpoint whose address is loopback, before any connection', async () => {
    const before = received.length;
    const post = createPushPoster({ allowLocal: false });
    for (const endpoint of [
      `http://127.0.0.1:${port}/push/a`,
      `http://[::ffff:127.0.0.1]:${port}/push/a`,
      `http://localhost:${port}/push/a`, // the system resolver says 127.0.0.1 (or ::1)
    ]) {
      await expect(post(push(endpoint), 5_000), endpoint).rejects.toBeInstanceOf(
        PushEndpointRefused,
      );
    }
    expect(received.length).toBe(before);
  });

  it('refuses a name that now resolves to loopback, or to loopback among public addresses', async () => {
    const before = received.length;
    const dns = hostileDns({
      'push.rebound.example': [{ address: '127.0.0.1', family: 4 }],
      'push.mixed.example': [
        { address: '8.8.8.8', family: 4 },
        { address: '::1', family: 6 },
      ],
      'push.metadata.example': [{ address: '::ffff:169.254.169.254', family: 6 }],
    });
    const post = createPushPoster({ allowLocal: false, resolve: dns.resolve });
    await expect(post(push(`http://push.rebound.example:${port}/p`), 5_000)).rejects.toThrow(
      /push\.rebound\.example resolves to 127\.0\.0\.1, a loopback address/,
    );
    await expect(post(push(`http://push.mixed.example:${port}/p`), 5_000)).rejects.toThrow(
      /resolves to ::1, a loopback/,
    );
    await expect(post(push(`https://push.metadata.example/p`), 5_000)).rejects.toBeInstanceOf(
      PushEndpointRefused,
    );
    expect(received.length).toBe(before);
  });

  it('connects to the very address it checked, resolving the name once', async () => {
    // A rebinding server: the first answer is the one checked; a second would point elsewhere.
    const answers: LookupAddress[][] = [
      [{ address: '127.0.0.1', family: 4 }],
      [{ address: '192.0.2.1', family: 4 }],
    ];
    let asked = 0;
    const resolve: ResolveHost = async () => answers[asked++] ?? [];
    const post = createPushPoster({ allowLocal: true, resolve });
    const answer = await post(push(`http://push.rebound.example:${port}/p`), 5_000);
    expect(answer.status).toBe(201);
    expect(asked).toBe(1);
    expect(received.at(-1)?.host).toBe(`push.rebound.example:${port}`);
  });

  it('with local endpoints allowed, reaches a local service by address and by name', async () => {
    const post = createPushPoster({ allowLocal: true });
    expect((await post(push(`http://127.0.0.1:${port}/push/b`), 5_000)).status).toBe(201);
    expect((await post(push(`http://localhost:${port}/push/b`), 5_000)).status).toBe(201);
  });

  it('lets a name that does not resolve fail as a network error, to be retried', async () => {
    const dns = hostileDns({});
    const post = createPushPoster({ allowLocal: false, resolve: dns.resolve });
    const failure = await post(push('https://push.nowhere.example/p'), 5_000).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(PushEndpointRefused);
    expect(dns.asked).toEqual(['push.nowhere.example']);
  });
});
