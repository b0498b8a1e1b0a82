import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { E2E_BASE_URL, E2E_INTERNAL_API_TOKEN } from './env';

/** Each test's own city, so runs never depend on (or collide with) each other's data. */
export async function createCity(request: APIRequestContext) {
  const suffix = randomBytes(4).toString('hex');
  const city = { slug: `e2e-${suffix}`, name: `E2E Town ${suffix}` };
  const response = await request.post('/api/internal/catalogue', {
    headers: { Authorization: `Bearer ${E2E_INTERNAL_API_TOKEN}` },
    data: { cities: [city] },
  });
  expect(response.status(), await response.text()).toBe(200);
  return city;
}

/** Saves a cookie choice up front, for tests where the banner would only get in the way. */
export async function acceptCookiesUpFront(context: BrowserContext) {
  const granted = Object.fromEntries(
    [
      'ad_storage',
      'ad_user_data',
      'ad_personalization',
      'analytics_storage',
      'functionality_storage',
      'personalization_storage',
      'security_storage',
    ].map((category) => [category, 'granted']),
  );
  await context.addCookies([
    { name: 'lct_cc', value: encodeURIComponent(JSON.stringify(granted)), url: E2E_BASE_URL },
  ]);
}

/**
 * axe with its full rule set on the page, gathering only the violations: the passes and the rules
 * that do not apply are still checked, just not written out node by node, which was most of each
 * scan's time on a 2-core machine (decision 0078).
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
}
