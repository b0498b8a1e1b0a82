import { MAIN_CONTENT_ID } from '../lib/focus';

/** The first stop of the tab order on every page: straight past the header to the content. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="fixed top-3 left-3 z-50 -translate-y-24 rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white shadow-lg transition-transform focus:translate-y-0"
    >
      Skip to content
    </a>
  );
}
