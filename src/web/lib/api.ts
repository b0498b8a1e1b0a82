// The one way the web app talks to the server: JSON over /api, errors as RFC 9457 problem+json.

export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  readonly type: string;
  readonly errors: FieldError[];

  constructor(init: {
    status: number;
    title: string;
    detail?: string;
    type?: string;
    errors?: FieldError[];
  }) {
    super(init.detail ?? init.title);
    this.name = 'ApiError';
    this.status = init.status;
    this.title = init.title;
    this.detail = init.detail ?? init.title;
    this.type = init.type ?? 'about:blank';
    this.errors = init.errors ?? [];
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
  return new ApiError({
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
 * Calls the API and returns the parsed JSON. The type parameter is trusted, not checked: the
 * server validates its responses against the same shapes before sending them.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const init: RequestInit = {
    method: options.method ?? 'GET',
    headers,
    credentials: 'same-origin',
    signal: options.signal,
  };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({
      status: 0,
      title: 'Network error',
      detail: 'We could not reach Glow at Home. Please check your connection and try again.',
    });
  }

  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
};
