import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

// React Email's components, rendered the plain way: synchronously, so an email is built inside
// the transaction of the change it announces like any other value (no Suspense, no async render
// is needed: a template is a pure function of what it is given). Server only: nothing under
// src/web imports this folder.

/** The template as a complete HTML document, ready for MailMessage.html. */
export function renderEmail(element: ReactElement): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(element)}`;
}
