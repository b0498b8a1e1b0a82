import type { City } from '../catalogue';

const pillClass = (selected: boolean) =>
  `inline-flex min-h-11 items-center rounded-full px-4 text-sm font-medium whitespace-nowrap transition-colors ${
    selected
      ? 'bg-brand-700 text-white'
      : 'border border-brand-200 bg-white text-brand-900 hover:border-brand-400 hover:bg-brand-50'
  }`;

interface CityFilterProps {
  cities: City[];
  selected: string | null;
  onSelect: (city: string | null) => void;
}

/**
 * The list's city filter as toggle buttons. Not links: every navigation moves focus to the top of
 * the page, which would throw a keyboard user off the filter each time they tried a city.
 * Hidden until there is more than one city to choose between.
 */
export function CityFilter({ cities, selected, onSelect }: CityFilterProps) {
  if (cities.length < 2) return null;
  const options = [{ slug: null, name: 'All cities' }, ...cities];
  return (
    <div
      role="group"
      aria-label="Filter by city"
      className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0"
    >
      <ul className="flex gap-2 sm:flex-wrap">
        {options.map((city) => {
          const isSelected = city.slug === selected;
          return (
            <li key={city.slug ?? 'all'} className="shrink-0">
              <button
                type="button"
                aria-pressed={isSelected}
                onClick={() => onSelect(city.slug)}
                className={pillClass(isSelected)}
              >
                {city.name}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
