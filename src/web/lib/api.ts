import type { ZodType, output } from 'zod';
import type { FieldError, ProblemCode } from '../../contract/problem';
import { trackException } from './analytics';

// The one way the web app talks to the server: JSON over /api, errors as RFC 9457 problem+json.
// Answers are checked against their schema in src/contract, the one the server answers with.

export type { FieldError, ProblemCode };

/** ApiError.type of an answer that does not have the shape its schema in src/contract says. */
export const UNEXPECTED_ANSWER = '/problems/unexpected-answer';

export class ApiError extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  readonly type: string;
  readonly errors: FieldError[];
  /**
   * Why, for programs (src/contract/problem.ts): decide what to do from this, not from `detail`
   * or the status alone. A code this build does not know yet (a newer server) matches no branch.
   */
  readonly code: ProblemCode | undefined;
  /** The problem's other members (slotReleased, retryAfterSeconds…), as the server sent them. */
  readonly extensions: Readonly<Record<string, unknown>>;

  constructor(init: {
    status: number;
    title: string;
    detail?: string;
    type?: string;
    errors?: FieldError[];
    code?: ProblemCode;
    extensions?: Record<string, unknown>;
  }) {
    super(init.detail ?? init.title);
    this.name = 'ApiError';
    this.status = init.status;
    this.title = init.title;
    this.detail = init.detail ?? init.title;
    this.type = init.type ?? 'about:blank';
    this.errors = init.errors ?? [];
    this.code = init.code;
    this.extensions = init.extensions ?? {};
  }

  /** Field errors keyed by field, so forms can show each next to its input. */
  fieldErrors(): Record<string, string> {
    // The server names body fields "body.postcode"; forms know them as "postcode".
    return Object.fromEntries(this.errors.map((e) => [e.field.replace(/^body\./, ''), e.message]));
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }

  /** 0 is a network failure: the request never got an answer. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readFieldErrors(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) =>
    isRecord(item) && typeof item.field === 'string' && typeof item.message === 'string'
      ? [{ field: item.field, message: item.message }]
      : [],
  );
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's HTML error page, say): fall back to the status line below.
  }
  const fallbackTitle = response.statusText || `Request failed (${response.status})`;
  if (!isRecord(body)) return new ApiError({ status: response.status, title: fallbackTitle });
  const { status: _s, title: _t, detail: _d, type: _y, errors: _e, code, ...extensions } = body;
  return new ApiError({
    extensions,
    // Not checked against the list: that would load the schema library with every page.
    ...(typeof code === 'string' ? { code: code as ProblemCode } : {}),
    status: typeof body.status === 'number' ? body.status : response.status,
    title: typeof body.title === 'string' ? body.title : fallbackTitle,
    detail: typeof body.detail === 'string' ? body.detail : undefined,
    type: typeof body.type === 'string' ? body.type : undefined,
    errors: readFieldErrors(body.errors),
  });
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * A 2xx answer of the wrong shape would otherwise reach a page as data it trusts (a price, a
 * booking's state): it becomes an ApiError here instead, is reported, and the page shows its
 * usual error with a retry. Extra members are dropped, so a server a release ahead still parses.
 */
function checkAnswer<S extends ZodType>(
  schema: S,
  data: unknown,
  request: { method: string; path: string; status: number },
): output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const route = `${request.method} ${request.path.split('?')[0]}`;
  const first = result.error.issues[0];
  const where = first ? `${first.path.join('.') || '(root)'}: ${first.message}` : 'invalid';
  console.error(`Unexpected answer from ${route}`, result.error.issues);
  trackException(`Unexpected answer from ${route} (${where})`, false);
  throw new ApiError({
    status: request.status,
    title: 'Unexpected answer',
    detail:
      'We received an answer from Glow at Home that this page could not read. Please try again, ' +
      'or reload the page.',
    type: UNEXPECTED_ANSWER,
  });
}

type Transport = (path: string, init: RequestInit) => Promise<Response>;

let transport: Transport = (path, init) => fetch(path, init);

/**
 * Where requests go. The browser's fetch, except inside the server, whose page renderer answers
 * a page's public requests itself (ssr/render-page.tsx, decision 0045).
 */
export function setApiTransport(next: Transport): void {
  transport = next;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const init: RequestInit = {
    method: options.method ?? 'GET',
    headers,
    credentials: 'same-origin',
    signal: options.signal,
  };
  if (typeof FormData !== 'undefined' && options.body instanceof FormData) {
    // An upload: the browser writes the multipart Content-Type with its boundary.
    init.body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await transport(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({
      status: 0,
      title: 'Network error',
      detail: 'We could not reach Glow at Home. Please check your connection and try again.',
    });
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

/**
 * A route's schema from src/contract, or the promise of one: a page on the first screen can ask
 * for `import('…/contract/x').then((m) => m.schema)`, so the schema library loads alongside the
 * request instead of before the page is shown (decision 0040).
 */
export type AnswerSchema<S extends ZodType> = S | Promise<S>;

/** Calls the API and returns its answer, checked against the route's schema from src/contract. */
export async function apiRequest<S extends ZodType>(
  path: string,
  options: RequestOptions & { schema: AnswerSchema<S> },
): Promise<output<S>>;
/** Calls the API for its status alone: 204 No Content, or an answer nobody reads. */
export async function apiRequest(path: string, options?: RequestOptions): Promise<void>;
export async function apiRequest(
  path: string,
  options: RequestOptions & { schema?: AnswerSchema<ZodType> } = {},
): Promise<unknown> {
  const [response, schema] = await Promise.all([send(path, options), options.schema]);
  if (response.status === 204 || !schema) return undefined;
  const data: unknown = await response.json();
  return checkAnswer(schema, data, {
    method: options.method ?? 'GET',
    path,
    status: response.status,
  });
}

/** GET, answer checked: `api.get(path, { schema, signal })`. */
function get<S extends ZodType>(
  path: string,
  options: { schema: AnswerSchema<S>; signal?: AbortSignal | undefined },
): Promise<output<S>> {
  return apiRequest(path, options);
}

/** POST, answer checked: `api.post(path, body, { schema })`. */
function post<S extends ZodType>(
  path: string,
  body: unknown,
  options: { schema: S },
): Promise<output<S>> {
  return apiRequest(path, { method: 'POST', body, schema: options.schema });
}

// No form without a schema: a type argument here was a promise nobody checked (decision 0028).
export const api = { get, post };
