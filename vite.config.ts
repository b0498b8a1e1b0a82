import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type ResolvedConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
// With its extension: Vite's native config loader (its coming default) runs this file as Node
// does, which finds no file by a name without one and says so on every build.
import { compressAssets, type CompressedFile } from './scripts/compress-assets.ts';

/**
 * A feature's index.ts only re-exports (lint enforces it). Told that it has no side effects, the
 * bundler links each import straight to the file that defines it. Otherwise it keeps everything an
 * index re-exports in the index's chunk, and as the app shell imports auth, booking and consent,
 * the code of every lazily loaded page would land in the first download.
 */
function featureIndexesAreSideEffectFree(): Plugin {
  return {
    name: 'feature-indexes-are-side-effect-free',
    transform: {
      filter: { id: /[\\/]src[\\/]web[\\/]features[\\/][^\\/]+[\\/]index\.ts$/ },
      handler: (code) => ({ code, moduleSideEffects: false }),
    },
  };
}

/**
 * Names this build inside the service worker, so a deploy whose files are all unchanged still
 * yields the same worker (no needless update card), while GLOW_BUILD_ID=anything forces a new one
 * (the e2e update test builds a second version this way).
 */
const buildId = process.env.GLOW_BUILD_ID ?? 'release';

/**
 * One worker at /sw.js, from our own source (docs/decisions/0032): the app shell and hashed assets
 * precached, pages falling back to the precached index.html, /api and /dev never cached, and the
 * push display. Registered by features/pwa, never by the plugin, and off under `vite dev` so a
 * stale worker never stands between the developer and hot reload.
 */
function serviceWorker() {
  // The worker is built by a Vite build of the plugin's own, which otherwise talks at `info`
  // whatever this one was told: `npm start` builds with --logLevel warn, and printed its
  // "building client environment…" lines all the same.
  let logLevel: ResolvedConfig['logLevel'] = 'info';
  return VitePWA({
    integration: {
      configureOptions: (config) => {
        logLevel = config.logLevel;
      },
      configureCustomSWViteBuild: (inline) => {
        inline.logLevel = logLevel;
      },
    },
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    // Ours is a static file in public/ (it names the PNG icons made by scripts/make-icons.ts).
    manifest: false,
    devOptions: { enabled: false },
    injectManifest: {
      // One classic script with nothing to import: registered as a plain worker everywhere.
      rollupFormat: 'iife',
      // Source maps are for developers, not for a phone's cache; the messaging worker is a
      // worker of its own. Sentry's SDK loads only with an error to report, and only where
      // SENTRY_DSN is set (decision 0091): no phone keeps its 24 KB ahead of time.
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
      globIgnores: ['firebase-messaging-sw.js', 'assets/sentry-browser-*.js'],
      // Hashed names already say when an asset changes: no cache-busting query needed.
      dontCacheBustURLsMatching: /^assets\//,
    },
  });
}

/**
 * Brotli and gzip copies of the finished build (docs/decisions/0037), after the service worker is
 * written so it gets them too. The worker's precache globs name plain extensions only, so no .br
 * or .gz file lands in its manifest: the browser decodes, the cache keeps the plain URL.
 */
function compressedCopies(): Plugin {
  let outDir = '';
  let logger: ResolvedConfig['logger'] | undefined;
  return {
    name: 'compressed-copies',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = config.build.outDir;
      logger = config.logger;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = await compressAssets(outDir);
        const compressed = files.filter((f) => f.brotliBytes !== null);
        const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
        const sum = (pick: (f: CompressedFile) => number) =>
          compressed.reduce((total, f) => total + pick(f), 0);
        logger?.info(
          `compressed ${compressed.length} files: ${kib(sum((f) => f.bytes))} raw, ` +
            `${kib(sum((f) => f.brotliBytes ?? f.bytes))} brotli, ` +
            `${kib(sum((f) => f.gzipBytes ?? f.bytes))} gzip`,
        );
      },
    },
  };
}

/**
 * The stylesheet goes inside index.html (decision 0040): on a slow phone connection a separate
 * file is one more request the first paint waits for, competing with the scripts for bandwidth.
 * Tailwind's whole sheet is about 9 KB compressed. The server's CSP admits it by its sha256
 * (security-headers.ts, decision 0048), never by allowing inline styles. The file stays in the
 * build for the service worker's precache and for anything that links it.
 */
function inlineStylesheet(): Plugin {
  return {
    name: 'inline-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        return html.replace(
          /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g,
          (link, fileName: string) => {
            const asset = bundle[fileName];
            if (asset?.type !== 'asset') return link;
            const css =
              typeof asset.source === 'string'
                ? asset.source
                : Buffer.from(asset.source).toString('utf8');
            // A stylesheet can never contain "</style" legitimately; refuse rather than break out.
            if (/<\/style/i.test(css)) throw new Error(`${fileName} contains "</style"`);
            return `<style>${css}</style>`;
          },
        );
      },
    },
  };
}

/**
 * The server's copy of the app (decision 0045), built after the browser's into `<outDir>-ssr`
 * (dist/web-ssr), so every `vite build` yields both and they always match: the server renders a
 * public page's first screen with it and the browser hydrates that markup.
 */
function serverEntry(): Plugin {
  let outDir = '';
  let root = '';
  let mode = 'production';
  return {
    name: 'server-entry',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      root = config.root;
      mode = config.mode;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await build({
          configFile: false,
          root,
          logLevel: 'warn',
          // The icons and manifest are the browser's; the server's copy needs only code.
          publicDir: false,
          plugins: [react()],
          // Its libraries inside it: a copy of the build runs wherever it is put (the e2e update
          // test serves one from a temporary folder), with the same React as the browser's.
          ssr: { noExternal: true },
          mode,
          // React's production or development build, as the browser's: decided now, not by
          // whatever NODE_ENV the server happens to run with.
          define: {
            __GLOW_BUILD_ID__: JSON.stringify(buildId),
            'process.env.NODE_ENV': JSON.stringify(
              mode === 'development' ? 'development' : 'production',
            ),
          },
          build: {
            ssr: 'entry-server.ts',
            outDir: `${outDir}-ssr`,
            emptyOutDir: true,
            sourcemap: true,
            // Code the browser loads lazily is all at hand on the server: no advice on chunking.
            rolldownOptions: { checks: { bundlerTimings: false, ineffectiveDynamicImport: false } },
          },
        });
      },
    },
  };
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig(({ command }) => ({
  root: path.resolve(import.meta.dirname, 'src/web'),
  publicDir: path.resolve(import.meta.dirname, 'src/web/public'),
  plugins: [
    react(),
    tailwindcss(),
    featureIndexesAreSideEffectFree(),
    inlineStylesheet(),
    serviceWorker(),
    compressedCopies(),
    serverEntry(),
  ],
  define: { __GLOW_BUILD_ID__: JSON.stringify(buildId) },
  // React Router's package points every import at its development build, whose warnings and
  // checks run on every phone; a build takes its production files instead (decision 0054).
  resolve:
    command === 'build'
      ? {
          alias: [
            {
              find: /^react-router$/,
              replacement: path.resolve(
                import.meta.dirname,
                'node_modules/react-router/dist/production/index.mjs',
              ),
            },
          ],
        }
      : {},
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: which chunks each module needs, read by scripts/check-bundle-budget.ts.
    manifest: true,
    // Every browser we serve supports modulepreload (Safari since 17); the polyfill only cost
    // each page a check at start-up (decision 0054).
    modulePreload: { polyfill: false },
    // Advice for plugin authors ("callbacks ran for 80% of this build") that a slow or busy
    // machine gets on every first `npm start`; nothing a newcomer can act on.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      // The server's development pages (the /dev/mail viewer), not the web app's.
      '^/dev(/|$)': { target: apiTarget, changeOrigin: false },
    },
  },
}));
