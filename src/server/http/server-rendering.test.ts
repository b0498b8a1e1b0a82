import { describe, expect, it } from 'vitest';
import { pageDocument, withScriptsAtLowPriority } from './server-rendering';

const TEMPLATE = `<!doctype html><html><head><title>Glow at Home</title></head><body>
    <div id="root">
      <!--app-->
      <header>drawn before the script</header>
      <!--/app-->
    </div>
    <!--page-state-->
    <script type="module" src="/assets/main.js"></script></body></html>`;

describe('the document of a page drawn on the server', () => {
  const html = pageDocument(TEMPLATE, {
    html: '<main><h1>Edinburgh</h1></main>',
    titleHtml: 'Edinburgh &amp; around · Glow at Home',
    state: '{"queries":{"queries":[],"mutations":[]}}',
    fingerprint: '<main><h1>Edinburgh</h1></main>',
  });

  it('holds the page alone in an inert #root, with nothing around it React would trip on', () => {
    expect(html).toContain('<div id="root" inert><main><h1>Edinburgh</h1></main></div>');
    expect(html).not.toContain('drawn before the script');
  });

  it('carries the page title and the state as data before the app script', () => {
    expect(html).toContain('<title>Edinburgh &amp; around · Glow at Home</title>');
    expect(html).toMatch(
      /<script type="application\/json" id="page-state">\{"queries":\{"queries":\[\],"mutations":\[\]\}\}<\/script>\s*<script type="module"/,
    );
  });

  it('takes markup containing replacement patterns literally', () => {
    const tricky = pageDocument(TEMPLATE, {
      html: "<p>$& $' $1</p>",
      titleHtml: '$&',
      state: '"$`"',
      fingerprint: '',
    });
    expect(tricky).toContain("<p>$& $' $1</p>");
    expect(tricky).toContain('<title>$&</title>');
    expect(tricky).toContain('"$`"</script>');
  });
});

describe('the template of drawn pages', () => {
  it("asks for the app's module scripts and their preloads at low priority, and nothing else", () => {
    const built = [
      '<link rel="modulepreload" crossorigin href="/assets/react-1.js">',
      '<link rel="icon" href="/favicon.svg">',
      '<script type="module" crossorigin src="/assets/index-2.js"></script>',
      '<script type="application/json" id="page-state">{}</script>',
      '<img src="/a.avif" fetchpriority="high">',
    ].join('\n');
    expect(withScriptsAtLowPriority(built).split('\n')).toEqual([
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-1.js">',
      '<link rel="icon" href="/favicon.svg">',
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-2.js"></script>',
      '<script type="application/json" id="page-state">{}</script>',
      '<img src="/a.avif" fetchpriority="high">',
    ]);
  });

  it('leaves a tag that already says its priority as it is', () => {
    const given = '<script type="module" fetchpriority="high" src="/x.js"></script>';
    expect(withScriptsAtLowPriority(given)).toBe(given);
    expect(withScriptsAtLowPriority(withScriptsAtLowPriority(TEMPLATE))).toBe(
      withScriptsAtLowPriority(TEMPLATE),
    );
  });
});
