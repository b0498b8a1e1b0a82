import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { reportRequestError } from '../errors/error-reporter';
import {
  HttpProblem,
  statusTitle,
  type FieldError,
  type ProblemBody,
  type RefusalCode,
} from './problem';

/** Writes a problem; one written by hand with a refusal's status carries its code (decision 0095). */
export function sendProblem<S extends number>(
  reply: FastifyReply,
  body: ProblemBody & { status: S } & RefusalCode<S>,
) {
  return reply.status(body.status).type('application/problem+json').send(body);
}

function fieldErrorsOf(error: FastifyError & { validation: unknown[] }): FieldError[] {
  const context = error.validationContext ?? 'request';
  return (error.validation as { instancePath?: string; message?: string; params?: unknown }[]).map(
    (v) => {
      const pointer = (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
      // A missing required property reports the parent's path; the zod message names it.
      return {
        field: pointer ? `${context}.${pointer}` : context,
        message: v.message ?? 'is invalid',
      };
    },
  );
}

/** Every error leaves as problem+json; bad input is a 4xx naming the field, never a 500. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpProblem) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return sendProblem(reply, error.toBody());
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrorsOf(error);
      return sendProblem(reply, {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: errors.map((e) => `${e.field}: ${e.message}`).join('; '),
        errors,
      });
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large…
      const detail =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : error.message;
      return sendProblem(reply, {
        type: 'about:blank',
        title: statusTitle(status),
        status,
        detail,
      });
    }

    request.log.error({ err: error }, 'unhandled error');
    reportRequestError(request, error);
    return sendProblem(reply, {
      type: 'about:blank',
      title: 'Internal Server Error',
      status: 500,
      detail: 'Something went wrong on our side. Please try again.',
    });
  });
}
