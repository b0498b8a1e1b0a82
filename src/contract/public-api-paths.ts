/**
 * The public API answers the pages ask for as they open, written one way for the web app that
 * fetches them and the server that preloads them: a preload only helps when its URL is the very
 * one the page then requests.
 */
export const publicApiPaths = {
  cities: '/api/cities',
  cityTreatments: (city: string) => `/api/cities/${encodeURIComponent(city)}/treatments`,
  professionals: (city: string | null = null) =>
    city ? `/api/professionals?city=${encodeURIComponent(city)}` : '/api/professionals',
  professional: (username: string) => `/api/professionals/${encodeURIComponent(username)}`,
  company: '/api/company',
};

const PUBLIC_ANSWERS = [
  /^\/api\/cities$/,
  /^\/api\/cities\/[^/?]+\/treatments$/,
  /^\/api\/professionals(\?city=[^&]+)?$/,
  /^\/api\/professionals\/[^/?]+$/,
  /^\/api\/company$/,
];

/**
 * Whether a GET is one of the public answers above (or the company's details): the same for
 * every visitor, so the server may ask it for a page it renders (decision 0045).
 */
export function isPublicApiPath(path: string): boolean {
  return PUBLIC_ANSWERS.some((pattern) => pattern.test(path));
}
