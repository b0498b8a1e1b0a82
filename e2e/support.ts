import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { E2E_INTERNAL_API_TOKEN } from './env';
import { appUrl } from './app-url';

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
    { name: 'lct_cc', value: encodeURIComponent(JSON.stringify(granted)), url: appUrl() },
  ]);
}

/**
 * axe with its full rule set on the page, gathering only the violations: the passes and the rules
 * that do not apply are still checked, just not written out node by node, which was most of each
 * scan's time on a 2-core machine (decision 0078). Legacy mode runs axe in the page itself: the
 * default finishes every scan in a new blank page, to merge the results of cross-origin frames,
 * which was half of a scan's time; the pages under test have no frames (live Stripe's card form
 * is a frame of Stripe's, not markup of ours) (decision 0097).
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
}

/** axe's violations on the page (or the part `include` selects), one readable line each. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = include ? axe(page).include(include) : axe(page);
  const { violations } = await builder.analyze();
  return violations.map(
    (v) => `${v.id} (${v.impact ?? 'no impact'}): ${v.nodes.map((n) => n.target).join(' | ')}`,
  );
}
