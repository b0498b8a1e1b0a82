import { test } from '@playwright/test';

/**
 * The address of the server the running test talks to: its project's baseURL. The booking
 * journey runs against both servers, so nothing a spec sends or expects may name one of them.
 */
export function appUrl(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error(`the project ${test.info().project.name} has no baseURL`);
  return url;
}

/**
 * What a browser sends with a write: the server refuses cookie-carrying writes from any origin
 * but its own (CSRF), and better-auth checks it on its own routes.
 */
export function sameOrigin(): { Origin: string } {
  return { Origin: appUrl() };
}
