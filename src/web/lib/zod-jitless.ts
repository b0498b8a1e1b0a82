// zod compiles fast parsers with `new Function`, which the site's Content-Security-Policy
// (script-src 'self') forbids: each first parse would log a CSP violation. Jitless, it parses
// without eval. Set through zod's global config object, which zod reads when it loads, so the page
// need not load zod itself to set it (decision 0040). main.tsx imports this module first.

declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

// Changed in place: a zod already loaded keeps the object it found.
(globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
