// Names and addresses an operator sets per deployment (VITE_* at build time), with our defaults.

export const BRAND_NAME = 'Glow at Home';
export const COMPANY_NAME = 'Glow at Home Ltd';

export const MAIN_WEBSITE_URL =
  import.meta.env.VITE_MAIN_WEBSITE_URL ?? 'https://www.glowathome.co.uk';

export const SUPPORT_EMAIL = import.meta.env.VITE_SUPPORT_EMAIL ?? 'hello@glowathome.co.uk';
