// The Google tag (gtag.js), added to the page once the visitor has granted analytics storage and
// only when the server names a measurement ID (analytics.ts, docs/decisions/0091). The tag reads
// the commands already queued in window.dataLayer, consent first, and sends from then on.

const TAG_URL = 'https://www.googletagmanager.com/gtag/js';

export function loadGoogleTag(measurementId: string): void {
  if (document.querySelector(`script[src^="${TAG_URL}"]`)) return;
  const script = document.createElement('script');
  script.async = true;
  script.src = `${TAG_URL}?id=${encodeURIComponent(measurementId)}`;
  document.head.append(script);
}
