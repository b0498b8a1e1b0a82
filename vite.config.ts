import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/web'),
  publicDir: path.resolve(import.meta.dirname, 'src/web/public'),
  plugins: [react(), tailwindcss()],
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
