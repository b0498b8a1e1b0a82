import { useCities } from '../catalogue';

/** The city's display name; until the list arrives the slug stands in ("st-andrews" -> "St Andrews"). */
export function useCityName(slug: string): string {
  const cities = useCities();
  const found = cities.data?.find((c) => c.slug === slug);
  if (found) return found.name;
  return slug
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
