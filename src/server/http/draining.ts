import type { FastifyInstance } from 'fastify';
import { sendProblem } from './error-handler';
import { statusTitle } from './problem';

/**
 * While the server drains (between `close()` and the last in-flight answer), a request that still
 * arrives on an open keep-alive connection is told to go elsewhere: 503 with `Retry-After` and
 * `Connection: close`, as problem+json. Fastify's own `return503OnClosing` answer is written
 * straight to the socket, without the security headers every other answer carries (decision
 * 0048), so the app turns it off and answers here, through the normal `onSend` hooks.
 */
export function installDraining(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!closing) return;
    void reply.header('Connection', 'close').header('Retry-After', '5');
    return sendProblem(reply, {
      type: 'about:blank',
      title: statusTitle(503),
      status: 503,
      detail: `The server is restarting: ${request.method} ${request.url.split('?')[0] ?? ''} was not run; try again in a few seconds.`,
    });
  });
}
