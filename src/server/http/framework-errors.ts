import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { statusTitle, type ProblemBody } from './problem';

// Fastify answers some requests before routing: a path that is not valid percent-encoding
// (`/api/cities/%C0%AE/treatments`), a path parameter longer than maxParamLength. Its own answer
// is plain JSON, and as no route ran, no onSend hook adds the security headers. This gives those
// answers the shape and headers of every other error.

const DETAILS: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not valid: it has a malformed percent-encoding.',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long.',
};

export function frameworkErrorHandler(headers: Record<string, string>) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const status = error.statusCode ?? 400;
    const body: ProblemBody = {
      type: 'about:blank',
      title: statusTitle(status),
      status,
      detail: DETAILS[error.code] ?? 'The request could not be routed.',
    };
    // Fastify ignores what this returns; the reply send() hands back is thenable, and nothing
    // needs to wait for it.
    void reply
      .headers(headers)
      .status(status)
      .type('application/problem+json')
      .send(JSON.stringify(body));
  };
}
