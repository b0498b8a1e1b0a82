// The server's entry into the web app (decision 0045): built by `vite build` beside the browser's
// app, loaded by the server from dist/web-ssr at startup.
export { createPageRenderer } from './ssr/render-page';
