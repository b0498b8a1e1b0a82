/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The company's marketing site, linked from the not-found page and the footer. */
  readonly VITE_MAIN_WEBSITE_URL?: string;
  /** Where customers write to us; shown on the legal pages. */
  readonly VITE_SUPPORT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
