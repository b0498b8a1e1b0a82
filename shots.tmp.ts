import { chromium, type Page } from '@playwright/test';
const BASE = process.env.BASE ?? 'http://localhost:3205';
const OUT = '/tmp/shots-wt-photos';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const [label, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 800 }]] as const) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: label === 'phone' ? 2 : 1 });
  const granted = Object.fromEntries(['ad_storage','ad_user_data','ad_personalization','analytics_storage','functionality_storage','personalization_storage','security_storage'].map((c) => [c, 'granted']));
  await context.addCookies([{ name: 'lct_cc', value: encodeURIComponent(JSON.stringify(granted)), url: BASE }]);
  const page = await context.newPage();
  const shot = async (name: string) => {
    await page.waitForLoadState('networkidle');
    await page.evaluate(async () => {
      for (const img of Array.from(document.images)) { img.loading = 'eager'; }
      await Promise.all(Array.from(document.images).map((i) => i.complete ? null : new Promise((r) => { i.onload = r; i.onerror = r; })));
    });
    await page.screenshot({ path: `${OUT}/${name}-${label}.png`, fullPage: false });
  };
  await page.goto(`${BASE}/professionals`); await shot('professionals');
  await page.goto(`${BASE}/professionals/ailsa`); await shot('profile');
  const broken = await page.evaluate(() => Array.from(document.images).filter((i) => i.naturalWidth === 0).map((i) => i.currentSrc || i.src));
  console.log(label, 'broken images on profile:', broken, 'current:', await page.evaluate(() => Array.from(document.images).map((i) => i.currentSrc).slice(0, 3)));
  await page.goto(`${BASE}/edinburgh`); await shot('city');
  await page.goto(`${BASE}/edinburgh/select-treatments`); await shot('select-treatments');
  await page.getByRole('button', { name: /^Add / }).first().click();
  await page.getByRole('link', { name: 'Choose a date' }).first().click();
  await page.locator('button[aria-pressed]:not([disabled])').first().click();
  await page.waitForURL(/select-therapist/).catch(() => {});
  if (!/select-therapist/.test(page.url())) await page.getByRole('link', { name: /therapist/i }).first().click();
  await page.getByText('View profile').first().waitFor({ timeout: 20000 }).catch(() => console.log('no therapists shown'));
  await shot('select-therapist');
  await context.close();
}
await browser.close();
