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
};
