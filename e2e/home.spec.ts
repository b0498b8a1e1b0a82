import { expect, test } from './fixtures';
import { acceptCookiesUpFront, createCity } from './support';

test.beforeEach(async ({ context }) => {
  await acceptCookiesUpFront(context);
});

test(
  'home lists every city and leads to a city menu with prices; a city with no treatments yet says so',
  { tag: '@deep' },
  async ({ page, request }) => {
    const city = await createCity(request);

    await page.goto('/');
    const picker = page.getByRole('region', { name: 'Choose your city' });
    await expect(picker.getByRole('link', { name: /^Edinburgh/ })).toBeVisible();
    await expect(picker.getByRole('link', { name: /^Newcastle/ })).toBeVisible();
    await expect(picker.getByRole('link', { name: new RegExp(`^${city.name}`) })).toBeVisible();

    await picker.getByRole('link', { name: /^Edinburgh/ }).click();
    await expect(page).toHaveURL(/\/edinburgh$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Edinburgh' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Massage' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Facials' })).toBeVisible();
    // The categories' drawings arrive with the menu, below the fold too, not a moment after it.
    const drawings = page.locator('main img[src^="data:image/svg+xml"]');
    expect(await drawings.count()).toBeGreaterThan(7);
    expect(
      await drawings.evaluateAll(
        (all) => all.filter((i) => !(i as HTMLImageElement).complete).length,
      ),
    ).toBe(0);
    await expect(page.getByText('£65.00').first()).toBeVisible();
    await expect(page.getByText('60 min').first()).toBeVisible();
    // Add-ons sit under their parents and are never items of their own.
    await expect(page.getByText(/Add-ons: Hot Stones \+£\d+\.\d\d/).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Hot Stones' })).toHaveCount(0);

    // The test's own city has no therapists, so nothing to book yet.
    await page.goto(`/${city.slug}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Coming soon' })).toBeVisible();
  },
);

test(
  'home offers the remembered city until ?city=reset clears it',
  { tag: '@deep' },
  async ({ page }) => {
    await page.goto('/edinburgh');
    await expect(page.getByRole('heading', { level: 1, name: 'Edinburgh' })).toBeVisible();
    await expect(page.getByText('£65.00').first()).toBeVisible();

    await page.goto('/');
    const continueLink = page.getByRole('link', { name: 'Continue in Edinburgh' });
    await expect(continueLink).toBeVisible();
    await expect(page.getByRole('region', { name: 'Or choose another city' })).toBeVisible();

    await page.goto('/?city=reset');
    await expect(page.getByRole('region', { name: 'Choose your city' })).toBeVisible();
    await expect(continueLink).toHaveCount(0);
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Choose your city' })).toBeVisible();
    await expect(continueLink).toHaveCount(0);
  },
);

test('unknown pages and cities show the not-found page', { tag: '@deep' }, async ({ page }) => {
  await page.goto('/no-such/page');
  await expect(page.getByText('Page not found: /no-such/page')).toBeVisible();
  await expect(
    page.getByText("It looks like the page that you are looking for doesn't exist"),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the booking system' })).toHaveAttribute(
    'href',
    '/?city=reset',
  );
  // The company's website, from the server's configuration (the demo company's here).
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Visit our main website' }),
  ).toHaveAttribute('href', 'https://www.glowathome.example');

  await page.goto('/atlantis');
  await expect(page.getByText('Page not found: /atlantis')).toBeVisible();
});

test(
  'the footer says who runs the site and how to reach us, and reaches every legal page',
  { tag: '@deep' },
  async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const registration =
      'Registered in Scotland, company number SC000000. ' +
      'Registered office: 1 Demo Street, Edinburgh, EH1 1AA.';
    await expect(footer.getByText(registration)).toBeVisible();
    await expect(footer.getByText(/© \d{4} Glow at Home Ltd\./)).toBeVisible();
    await expect(footer.getByRole('link', { name: 'hello@glowathome.example' })).toHaveAttribute(
      'href',
      'mailto:hello@glowathome.example',
    );
    await expect(footer.getByRole('link', { name: '0131 496 0000' })).toHaveAttribute(
      'href',
      'tel:+441314960000',
    );

    await footer.getByRole('link', { name: 'Privacy policy' }).click();
    const main = page.getByRole('main');
    await expect(
      main.getByText(/^Glow at Home Ltd \(“we”, “us”\) runs this booking system/),
    ).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: 'Contact us' })).toBeVisible();
    await expect(main.getByText(`Glow at Home Ltd. ${registration}`)).toBeVisible();

    for (const name of ['Cookie policy', 'Terms of service', 'Cancellation policy']) {
      await footer.getByRole('link', { name }).click();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    }
    await expect(page.getByText(/50% refund/)).toBeVisible();
  },
);

test(
  'the page is styled under the strict CSP, which refuses nothing of ours',
  { tag: '@deep' },
  async ({ page }) => {
    // Chromium reports every refusal on the console; the inlined stylesheet is admitted by its hash.
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    const res = await page.goto('/');
    expect(res?.headers()['content-security-policy']).toContain("style-src-elem 'self' 'sha256-");
    await expect(page.getByRole('region', { name: 'Choose your city' })).toBeVisible();
    // Tailwind's sheet applied: the header is sticky, which no browser default makes it.
    await expect(page.locator('header').first()).toHaveCSS('position', 'sticky');
    expect(refused).toEqual([]);
  },
);
