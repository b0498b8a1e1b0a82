import type { City } from './api';

// The city a customer last chose, so home can offer "Continue in …". Name is kept with the slug
// so the offer shows before the city list has loaded.
const STORAGE_KEY = 'glow.city';

export function readChosenCity(): City | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (raw === null) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { slug, name } = parsed as Record<string, unknown>;
    return typeof slug === 'string' && typeof name === 'string' ? { slug, name } : null;
  } catch {
    // Storage can be disabled (private modes, strict settings): behave as if nothing was chosen.
    return null;
  }
}

export function saveChosenCity(city: City): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ slug: city.slug, name: city.name }));
  } catch {
    // Remembering the city is a convenience; failing to is not worth bothering the customer.
  }
}

export function clearChosenCity(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // As above.
  }
}
