import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

// The company's other system, as a test sees it: an HTTP server on 127.0.0.1 that takes webhook
// POSTs, keeps each with its raw body, and answers 200 unless a test has queued other answers
// for a path (500 three times, say).

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  /** The bytes as received: signatures are checked on these, never on re-serialised JSON. */
  body: string;
  answered: number;
}

export interface WebhookReceiver {
  /** The base URL, e.g. http://127.0.0.1:41234; add a path per configured URL. */
  baseUrl: string;
  received: ReceivedWebhook[];
  /** The next requests to this path get these statuses, in turn; then 200 again. */
  answerNext(path: string, ...statuses: number[]): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const plans = new Map<string, number[]>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const answered = plans.get(path)?.shift() ?? 200;
      received.push({
        path,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        answered,
      });
      response.writeHead(answered, { 'content-type': 'text/plain' });
      response.end(answered < 300 ? 'ok' : 'not now');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    answerNext(path, ...statuses) {
      plans.set(path, [...(plans.get(path) ?? []), ...statuses]);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
