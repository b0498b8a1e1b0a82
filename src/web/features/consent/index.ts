// Cookie consent's public surface: the banner in the app shell, the settings on the cookie policy
// page, and the cookie read once at start-up before analytics may load.
export { readConsentCookie } from './consent-cookie';
export { ConsentSettings } from './consent-settings';
export { CookieBanner } from './cookie-banner';
