import type { FuzzOperation } from './fuzz-request';
import type { JsonSchema } from './json-schema-arbitrary';

// better-auth's routes are not in our OpenAPI document (decision 0028), but they take the most
// hostile input of all: these are the ones the web app calls, described here by hand.

const email: JsonSchema = { type: 'string', format: 'email' };
const password: JsonSchema = { type: 'string', minLength: 1, maxLength: 140 };
const callbackURL: JsonSchema = {
  type: 'string',
  enum: ['/account', '/login', 'https://evil.example'],
};
const token: JsonSchema = { type: 'string', maxLength: 64 };

const object = (properties: Record<string, JsonSchema>, required: string[]): JsonSchema => ({
  type: 'object',
  properties,
  required,
});

function post(path: string, body: JsonSchema): FuzzOperation {
  return { name: `POST ${path}`, method: 'POST', path, pathParams: [], query: [], body };
}

function get(path: string, query: Record<string, JsonSchema> = {}): FuzzOperation {
  return {
    name: `GET ${path}`,
    method: 'GET',
    path,
    pathParams: [],
    query: Object.entries(query).map(([name, schema]) => ({ name, schema, required: true })),
    body: null,
  };
}

export const AUTH_OPERATIONS: FuzzOperation[] = [
  post(
    '/api/auth/sign-in/email',
    object({ email, password, rememberMe: { type: 'boolean' }, callbackURL }, [
      'email',
      'password',
    ]),
  ),
  post(
    '/api/auth/sign-up/email',
    object(
      {
        email,
        password,
        name: { type: 'string', maxLength: 100 },
        phoneNumber: { type: 'string', maxLength: 30 },
        accountType: { type: 'string', enum: ['personal', 'business'] },
        gender: { type: 'string', enum: ['female', 'male', 'non-binary'] },
      },
      ['email', 'password', 'name', 'phoneNumber', 'accountType'],
    ),
  ),
  post('/api/auth/request-password-reset', object({ email, redirectTo: callbackURL }, ['email'])),
  post(
    '/api/auth/reset-password',
    object({ newPassword: password, token }, ['newPassword', 'token']),
  ),
  post(
    '/api/auth/change-password',
    object(
      {
        currentPassword: password,
        newPassword: password,
        revokeOtherSessions: { type: 'boolean' },
      },
      ['currentPassword', 'newPassword'],
    ),
  ),
  post(
    '/api/auth/sign-in/magic-link',
    object({ email, callbackURL, errorCallbackURL: callbackURL }, ['email']),
  ),
  post('/api/auth/send-verification-email', object({ email, callbackURL }, ['email'])),
  post(
    '/api/auth/sign-in/social',
    object({ provider: { type: 'string', enum: ['google', 'github', 'x'] }, callbackURL }, [
      'provider',
    ]),
  ),
  post('/api/auth/revoke-session', object({ token }, ['token'])),
  post('/api/auth/sign-out', object({}, [])),
  get('/api/auth/get-session'),
  get('/api/auth/list-sessions'),
  get('/api/auth/magic-link/verify', { token, callbackURL }),
  get('/api/auth/verify-email', { token, callbackURL }),
  get('/api/auth/no-such-path'),
];
