// RFC 9457 problem details. Use cases throw these; the error handler writes them as application/problem+json.

import { STATUS_CODES } from 'node:http';

import type { FieldError, ProblemBody, ProblemCode } from '../../contract/problem';

export type { FieldError, ProblemBody, ProblemCode };

/**
 * A problem's other members (slotReleased, retryAfterSeconds…). Never `code`: that is the `code`
 * option, typed by the contract's list, so no code outside it can be sent (decision 0072).
 */
export type ProblemExtensions = Record<string, unknown> & { code?: never };

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The reason phrase for a status: ours above, else Node's (414 URI Too Long, 431, 408…). */
export function statusTitle(status: number): string {
  return TITLES[status] ?? STATUS_CODES[status] ?? 'Error';
}

/**
 * The statuses that refuse a well-formed request for a reason of the moment (a payment, a state,
 * a limit): several reasons share each of them, so a problem with one of these statuses always
 * carries a code, and the types refuse one without (decision 0095). The others say what they mean
 * by themselves: 400 a malformed request (with its field errors), 401 sign in, 404 nothing there,
 * 413 and 415 the upload's size or type, 5xx our side.
 */
export type RefusalStatus = 402 | 403 | 409 | 410 | 422 | 429;

export interface ProblemOptions {
  title?: string;
  type?: string;
  errors?: FieldError[];
  code?: ProblemCode;
  extensions?: ProblemExtensions;
  headers?: Record<string, string>;
}

/**
 * What a problem with status S needs besides the rest: a code when S is a refusal's status (or a
 * union that holds one). A status known only as a number (one passed on from another server's
 * answer, Fastify's own errors) is not checked here; problem-codes.test.ts reads for those.
 */
export type RefusalCode<S extends number> = [Extract<S, RefusalStatus>] extends [never]
  ? unknown
  : { code: ProblemCode };

/** HttpProblem's options for its status: required, with the code, for a refusal. */
export type ProblemArgs<S extends number> = [Extract<S, RefusalStatus>] extends [never]
  ? [options?: ProblemOptions]
  : [options: ProblemOptions & { code: ProblemCode }];

export class HttpProblem<S extends number = number> extends Error {
  readonly status: number;
  readonly title: string;
  readonly type: string;
  readonly errors: FieldError[] | undefined;
  /** Why, for programs: one of the contract's problem codes; always there on a refusal. */
  readonly code: ProblemCode | undefined;
  readonly extensions: ProblemExtensions;
  /** Response headers that belong with the problem, such as Retry-After on a 429. */
  readonly headers: Record<string, string>;

  constructor(status: S, detail: string, ...[options = {}]: ProblemArgs<S>) {
    super(detail);
    this.name = 'HttpProblem';
    this.status = status;
    this.title = options.title ?? statusTitle(status);
    this.type = options.type ?? 'about:blank';
    this.errors = options.errors;
    this.code = options.code;
    this.extensions = options.extensions ?? {};
    this.headers = options.headers ?? {};
  }

  toBody(): ProblemBody {
    return {
      ...(this.code ? { code: this.code } : {}),
      ...this.extensions,
      type: this.type,
      title: this.title,
      status: this.status,
      detail: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }
}

export const badRequest = (detail: string, errors?: FieldError[]) =>
  new HttpProblem(400, detail, errors ? { errors } : {});
export const notFound = (detail: string) => new HttpProblem(404, detail);
export const unauthorized = (detail = 'Please sign in to continue.') =>
  new HttpProblem(401, detail);
export const forbidden = (detail: string, code: ProblemCode) =>
  new HttpProblem(403, detail, { code });
export const conflict = (detail: string, code: ProblemCode) =>
  new HttpProblem(409, detail, { code });
export const unprocessable = (detail: string, code: ProblemCode) =>
  new HttpProblem(422, detail, { code });

/** A 429 that says how long to wait, in words and in the Retry-After header. */
export const tooManyRequests = (
  detail: string,
  retryAfterSeconds: number,
  code: ProblemCode = 'rate_limited',
) =>
  new HttpProblem(429, detail, {
    code,
    extensions: { retryAfterSeconds },
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
