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

export class HttpProblem extends Error {
  readonly status: number;
  readonly title: string;
  readonly type: string;
  readonly errors: FieldError[] | undefined;
  /** Why, for programs: one of the contract's problem codes. */
  readonly code: ProblemCode | undefined;
  readonly extensions: ProblemExtensions;
  /** Response headers that belong with the problem, such as Retry-After on a 429. */
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    detail: string,
    options: {
      title?: string;
      type?: string;
      errors?: FieldError[];
      code?: ProblemCode;
      extensions?: ProblemExtensions;
      headers?: Record<string, string>;
    } = {},
  ) {
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
export const forbidden = (detail: string) => new HttpProblem(403, detail);
export const conflict = (detail: string) => new HttpProblem(409, detail);
export const unprocessable = (detail: string, code?: ProblemCode) =>
  new HttpProblem(422, detail, code ? { code } : {});

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
