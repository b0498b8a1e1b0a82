// Draws the app's PNG icons from src/web/public/icon.svg with the Chromium the e2e tests use, so
// no image library is needed: `npm run icons`, then commit the PNGs (decision 0032). Offline.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const publicDir = path.resolve(import.meta.dirname, '../src/web/public');
const svg = readFileSync(path.join(publicDir, 'icon.svg'), 'utf8');
const inner = svg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
const glyph = inner.replace(/<rect[^>]*\/>/, '');
const brand = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(svg)?.[1] ?? '#be185d';

const wrap = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="100%" height="100%">${body}</svg>`;

/** Full bleed, glyph scaled into the middle 80%: the safe zone a mask never cuts (W3C maskable). */
const fullBleed = wrap(
  `<rect width="512" height="512" fill="${brand}"/>` +
    `<g transform="translate(256 256) scale(0.78) translate(-256 -256)">${glyph}</g>`,
);
/** The glyph alone in white: Android draws a badge from its alpha channel only. */
const badge = wrap(
  `<g transform="translate(256 256) scale(1.3) translate(-256 -256)">${glyph.replace(/fill="#[0-9a-f]{6}"/gi, 'fill="#fff"')}</g>`,
);

const icons: { file: string; size: number; svg: string }[] = [
  // Rounded corners with transparency, as the SVG: for browsers' tabs, menus and installs.
  { file: 'icon-192.png', size: 192, svg },
  { file: 'icon-512.png', size: 512, svg },
  { file: 'icon-maskable-192.png', size: 192, svg: fullBleed },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed },
  // iOS rounds the corners itself and paints transparency black: full bleed.
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed },
  { file: 'badge-96.png', size: 96, svg: badge },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const page = await browser.newPage();
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${icon.svg}</body></html>`,
    );
    const png = await page.screenshot({ omitBackground: true, type: 'png' });
    writeFileSync(path.join(publicDir, icon.file), png);
    console.log(`${icon.file} ${icon.size}×${icon.size}`);
  }
} finally {
  await browser.close();
}
