import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIVE_RETRY_MS, liveEventsQuery, liveEventStreamSchema } from '../../contract/live';
import { problemResponses } from '../../contract/problem';
import type { AppContext } from '../app-context';
import { customerGuard } from '../auth/customer-guard';
import { HttpProblem, tooManyRequests } from '../http/problem';
import { loggableUrl } from '../http/request-logging';
import { LiveHub } from './live-hub';
import { parseEventId, retryFrame } from './live-event';
import { LiveStream, type StreamEnd } from './live-stream';
import { LiveStreams } from './live-streams';
import { readStreamStart } from './read-events';
import { sessionEnd, sessionTokenOf } from './session-ended';

// GET /api/me/events (docs/decisions/0083): the signed-in customer's changes as Server-Sent
// Events. The reply is taken over from Fastify (hijack) and written to the socket as events
// happen: no serialiser, compression or onSend hook may hold it back. So the headers every
// answer carries are written here, and so is the request's log line, when the stream ends.

const tooManyStreams = (which: 'customer' | 'address') =>
  tooManyRequests(
    which === 'customer'
      ? 'You have too many live updates open (tabs or devices): close one and try again.'
      : 'Too many live updates are open from your network: close one and try again.',
    30,
    'too_many_streams',
  );

export interface LiveChannelOptions {
  /** The security headers every answer carries (http/security-headers.ts). */
  headers: Record<string, string>;
  /**
   * A customer's sessions or profile changed (a `session` or `me` event), on whichever instance:
   * the session cache forgets what it holds before any stream hears of it, so a page asking again
   * is answered from the database — not, say, by a deleted account's session kept for a few
   * seconds, which the profile route would answer as a missing user record.
   */
  onAccountChange?: () => void;
}

/** The route, the hub it listens through, and ending every stream when the server stops. */
export async function installLiveChannel(
  app: FastifyInstance,
  ctx: AppContext,
  options: LiveChannelOptions,
): Promise<void> {
  const hub = new LiveHub(ctx.database, app.log, options.onAccountChange);
  const streams = new LiveStreams(ctx.config.live);
  // Before Fastify waits for open connections: a stream would hold the server open for ever.
  // The browser reconnects (to another instance, or to this one once it is back) and resumes.
  app.addHook('preClose', (done) => {
    streams.endAll('shutdown');
    done();
  });
  app.addHook('onClose', async () => hub.stop());
  await app.register(liveRoutes(ctx, hub, streams, options));
}

function logEnd(request: FastifyRequest, startedAt: number, reason: StreamEnd): void {
  const url = loggableUrl(request.url);
  const seconds = Math.round((performance.now() - startedAt) / 1000);
  request.log.info(
    { req: { method: request.method, url }, res: { statusCode: 200 }, reason },
    `${request.method} ${url} 200 stream ended after ${seconds} s (${reason})`,
  );
}

const liveRoutes =
  (
    ctx: AppContext,
    hub: LiveHub,
    streams: LiveStreams,
    options: LiveChannelOptions,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = customerGuard(ctx);
    app.addHook('preValidation', guard.hook);

    app.get(
      '/api/me/events',
      {
        // A HEAD would open a stream with no body to send it in.
        exposeHeadRoute: false,
        schema: {
          tags: ['me'],
          summary: 'Live updates: what changed in my records, as Server-Sent Events',
          description:
            'Names what changed (never the data) so the page can fetch it again. Resume with ' +
            'the Last-Event-ID header or ?lastEventId=. At most ' +
            `${ctx.config.live.streamsPerCustomer} streams per customer and ` +
            `${ctx.config.live.streamsPerAddress} per client address on each server.`,
          querystring: liveEventsQuery,
          response: {
            200: {
              description: 'The stream',
              content: { 'text/event-stream': { schema: liveEventStreamSchema } },
            },
            ...problemResponses(401, 429, 503),
          },
        },
      },
      async (request, reply) => {
        const customer = guard.customerOf(request);
        const address = request.ip;
        const refused = streams.admit(customer.id, address);
        if (refused) throw tooManyStreams(refused);
        try {
          await hub.ready();
          if (streams.closing) throw new HttpProblem(503, 'The server is restarting: try again.');
        } catch (error) {
          streams.release(customer.id, address);
          throw error;
        }
        const header = request.headers['last-event-id'];
        const resumeFrom = parseEventId(
          typeof header === 'string' && header !== '' ? header : request.query.lastEventId,
        );
        const token = sessionTokenOf(request.headers.cookie);
        const startedAt = performance.now();

        reply.hijack();
        const res = reply.raw;
        // The idle timeout of a connection (limits.ts) never fires on a stream, whose heartbeats
        // count as traffic whether or not anyone reads them: its timer would only take memory.
        // (A test's injected request has a stand-in socket without timers: nothing to switch off.)
        const socket = res.socket;
        if (socket && typeof socket.setTimeout === 'function') socket.setTimeout(0);
        try {
          res.writeHead(200, {
            ...options.headers,
            'content-type': 'text/event-stream; charset=utf-8',
            'cache-control': 'no-cache, no-transform',
            'x-accel-buffering': 'no',
            connection: 'keep-alive',
          });
          res.write(retryFrame(LIVE_RETRY_MS));
        } catch (error) {
          // Past hijack() Fastify answers nothing for us: a throw here would leave the request
          // hanging and its place under the caps taken for ever.
          streams.release(customer.id, address);
          request.log.error({ err: error }, 'live channel: could not start a stream');
          res.destroy();
          return reply;
        }

        let unsubscribe = () => {};
        const stream: LiveStream = new LiveStream({
          res,
          heartbeatMs: ctx.config.live.heartbeatMs,
          sessionEnd: () => sessionEnd(ctx.db, token, customer.id),
          onEnd: (reason) => {
            unsubscribe();
            streams.delete(stream);
            streams.release(customer.id, address);
            logEnd(request, startedAt, reason);
          },
        });
        streams.add(stream);
        // Listening before reading what was missed: an event committed in between is heard.
        unsubscribe = hub.subscribe(customer.id, stream);
        try {
          // An id that is not one of ours is a resume point we cannot find: refetch everything.
          const start = await readStreamStart(
            ctx.db,
            customer.id,
            resumeFrom === 'invalid' ? 0 : resumeFrom,
          );
          stream.open(start);
        } catch (error) {
          request.log.error({ err: error }, 'live channel: could not start a stream');
          stream.end('error');
        }
        return reply;
      },
    );
  };
