import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/web'),
  publicDir: path.resolve(import.meta.dirname, 'src/web/public'),
  plugins: [react(), tailwindcss(), featureIndexesAreSideEffectFree()],
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: true,
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
});
