import {
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  createDecipheriv,
} from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A push service on 127.0.0.1 that stands in for FCM or Mozilla's: it takes RFC 8030 pushes,
// answers 201 (or what a test tells it for one endpoint), and keeps what it received. Decryption
// (RFC 8291, aes128gcm) and the VAPID check (RFC 8292) are written here from the RFCs with Node's
// crypto, independently of the web-push library the server encrypts with. A server sends to it
// only with PUSH_ALLOW_LOCAL_ENDPOINTS=true: it is plain http on a loopback address (decision 0066).

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A browser's side of a subscription: its key pair and auth secret. */
export interface DeviceKeys {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  /** As PushSubscription.toJSON() gives them. */
  json: { p256dh: string; auth: string };
}

export function newDeviceKeys(): DeviceKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

/** RFC 8291 section 3 and RFC 8188: one record, as every push fits in one. */
export function decryptPush(body: Buffer, device: DeviceKeys): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = device.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    device.ecdh.getPublicKey(),
    senderPublic,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, keyInfo, 32));
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 followed by zero padding.
  const end = padded.lastIndexOf(2);
  if (end < 0) throw new Error('push record has no padding delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: checks the VAPID JWT's signature against key k and answers its claims. */
export function verifyVapid(authorization: string | undefined): {
  aud: string;
  sub: string;
  exp: number;
  k: string;
} {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match?.[1] || !match[2])
    throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [token, k] = [match[1], match[2]];
  const [header, claims, signature] = token.split('.');
  if (!header || !claims || !signature) throw new Error('malformed JWT');
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud: string;
    sub: string;
    exp: number;
  };
  return { ...parsed, k };
}

export interface TestPushService {
  origin: string;
  /** A fresh endpoint on this service. */
  endpoint(name: string): string;
  received: ReceivedPush[];
  /** Answer this status to pushes for the endpoint from now on. */
  answer(endpoint: string, status: number): void;
  close(): Promise<void>;
}

export async function startTestPushService(): Promise<TestPushService> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const status = answers.get(path) ?? 201;
      if (status === 201)
        received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 201 ? '' : 'gone');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    endpoint: (name) => `${origin}/push/${name}`,
    received,
    answer: (endpoint, status) => answers.set(new URL(endpoint).pathname, status),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
