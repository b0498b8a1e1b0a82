import http, { type ServerResponse } from 'node:http';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

// A Server-Sent Events client for tests of GET /api/me/events on a listening app: inject() waits
// for a response to end, which a stream never does by itself.

export interface StreamEvent {
  id: string | null;
  event: string;
  data: string;
}

export interface OpenedStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every byte received so far, as text. */
  text(): string;
  events: StreamEvent[];
  /** Resolves with the first event (from `from` on) that matches, or rejects after timeoutMs. */
  waitFor(
    match: (event: StreamEvent) => boolean,
    from?: number,
    timeoutMs?: number,
  ): Promise<StreamEvent>;
  /** Resolves when the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

function parseBlock(block: string): StreamEvent | null {
  let id: string | null = null;
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':') || line === '') continue;
    const at = line.indexOf(':');
    const field = at < 0 ? line : line.slice(0, at);
    const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length > 0 ? { id, event, data: data.join('\n') } : null;
}

export function openEventStream(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
): Promise<OpenedStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}${path}`, { headers, agent: false }, (res) => {
      res.setEncoding('utf8');
      let text = '';
      let rest = '';
      const events: StreamEvent[] = [];
      const waiters = new Set<() => void>();
      let resolveEnded = () => {};
      const ended = new Promise<void>((done) => (resolveEnded = done));
      res.on('data', (chunk: string) => {
        text += chunk;
        rest += chunk;
        let at = rest.indexOf('\n\n');
        while (at >= 0) {
          const event = parseBlock(rest.slice(0, at));
          if (event) events.push(event);
          rest = rest.slice(at + 2);
          at = rest.indexOf('\n\n');
        }
        for (const wake of [...waiters]) wake();
      });
      res.on('close', () => {
        resolveEnded();
        for (const wake of [...waiters]) wake();
      });
      res.on('error', () => undefined);
      let closed = false;
      res.on('close', () => (closed = true));
      const waitFor: OpenedStream['waitFor'] = (match, from = 0, timeoutMs = 5000) =>
        new Promise((found, fail) => {
          const check = () => {
            const event = events.slice(from).find(match);
            if (event) {
              finish();
              found(event);
            } else if (closed) {
              finish();
              fail(new Error(`the stream ended first; it said:\n${text}`));
            }
          };
          const timer = setTimeout(() => {
            finish();
            fail(new Error(`no such event within ${timeoutMs} ms; the stream said:\n${text}`));
          }, timeoutMs);
          const finish = () => {
            clearTimeout(timer);
            waiters.delete(check);
          };
          waiters.add(check);
          check();
        });
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        text: () => text,
        events,
        waitFor,
        ended,
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

/** Routes whose success is an endless event stream: inject() alone would wait for ever. */
const STREAM_PATHS = new Set(['/api/me/events']);

/**
 * app.inject(), except that an event stream is read until it is live (`ready`) or refused, then
 * hung up on as a browser closing its tab would: the answer's body is what arrived until then.
 * For tests that send a request to every route (the access matrix, the fuzzer).
 */
export async function injectReadingStreams(
  app: FastifyInstance,
  options: InjectOptions & { url: string },
): Promise<LightMyRequestResponse> {
  if (!STREAM_PATHS.has(options.url.split('?')[0] ?? '')) return app.inject(options);
  const res = await app.inject({ ...options, payloadAsStream: true });
  const stream = res.stream();
  let text = '';
  await new Promise<void>((resolve) => {
    const done = () => {
      stream.off('data', onData);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.includes('event: ready\n')) done();
    };
    stream.on('data', onData);
    stream.once('end', done);
    stream.once('error', done);
  });
  stream.on('error', () => undefined);
  (res.raw.res as ServerResponse).destroy();
  return Object.assign(res, {
    body: text,
    payload: text,
    rawPayload: Buffer.from(text),
    json: <T>() => JSON.parse(text) as T,
  });
}
