import { test as base, type Page } from '@playwright/test';

// Public pages arrive drawn by the server and inert until the app takes them over (decision
// 0045). A test that sees their text has not yet seen the app: what the app does as a page opens
// (remembering the city, say) may not have happened. Every page here waits, after loading, until
// the app is in charge, as a person would who sees a page respond.

export * from '@playwright/test';

async function untilTakenOver(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('inert'));
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      // Asking for the page as soon as it starts arriving means wanting it before the app.
      if (options?.waitUntil !== 'commit') await untilTakenOver(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await untilTakenOver(page);
      return response;
    };
    await use(page);
  },
});
