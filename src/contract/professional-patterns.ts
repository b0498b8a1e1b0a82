// Kept apart from the schemas so the web app can check a link without loading zod (decision 0054).

/**
 * The catalogue's username rule (2-40 of a-z, 0-9, dot, dash, underscore), read case-blind so a
 * link typed with capitals still works. The web app checks a link with it before asking.
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{1,39}$/;
export const CITY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
