import { useMemo, useSyncExternalStore } from 'react';
import type { City } from './api';

// The city a customer last chose, so home can offer "Continue in …". Name is kept with the slug
// so the offer shows before the city list has loaded.
const STORAGE_KEY = 'glow.city';

function readStored(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage can be disabled (private modes, strict settings): behave as if nothing was chosen.
    return null;
  }
}

function parseCity(raw: string | null): City | null {
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { slug, name } = parsed as Record<string, unknown>;
    return typeof slug === 'string' && typeof name === 'string' ? { slug, name } : null;
  } catch {
    return null;
  }
}

export function readChosenCity(): City | null {
  return parseCity(readStored());
}

// This tab's own changes; other tabs' arrive as `storage` events.
const listeners = new Set<() => void>();
const announce = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/**
 * The chosen city, for rendering. A page drawn on the server knows no visitor's choice, so while
 * React takes such a page over it reads none too, then the choice (decision 0045).
 */
export function useChosenCity(): City | null {
  const raw = useSyncExternalStore(subscribe, readStored, () => null);
  return useMemo(() => parseCity(raw), [raw]);
}

export function saveChosenCity(city: City): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ slug: city.slug, name: city.name }));
  } catch {
    // Remembering the city is a convenience; failing to is not worth bothering the customer.
  }
  announce();
}

export function clearChosenCity(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // As above.
  }
  announce();
}
