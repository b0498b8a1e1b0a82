import { formatPence, truncateWords } from '../../../domain/format';
import { ClockIcon } from '../../components/icons';
import { CategoryArt } from './category-art';
import type { MenuCategory, MenuItem } from './group-treatments';

function AddOnLine({ addOns }: { addOns: MenuItem['addOns'] }) {
  if (addOns.length === 0) return null;
  return (
    <p className="mt-3 text-sm text-muted">
      <span className="font-semibold text-brand-800">Add-ons: </span>
      {addOns.map((a) => `${a.name} +${formatPence(a.pricePence)}`).join(', ')}
    </p>
  );
}

function TreatmentCard({ item }: { item: MenuItem }) {
  const { treatment } = item;
  return (
    <article className="flex h-full flex-col rounded-2xl border border-brand-100 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-start justify-between gap-4">
        <h3 className="text-lg leading-snug font-semibold text-ink">{treatment.name}</h3>
        <p className="shrink-0 text-lg font-semibold text-brand-800">
          <span className="sr-only">Price </span>
          {formatPence(treatment.pricePence)}
        </p>
      </div>
      {treatment.description && (
        <p className="mt-2 text-sm leading-relaxed text-muted">
          {truncateWords(treatment.description)}
        </p>
      )}
      <div className="mt-auto pt-3">
        <p className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-900">
          <ClockIcon className="h-4 w-4" />
          <span className="sr-only">Duration </span>
          {treatment.durationMinutes} min
        </p>
        <AddOnLine addOns={item.addOns} />
      </div>
    </article>
  );
}

export function CategoryNav({ categories }: { categories: MenuCategory[] }) {
  return (
    <nav aria-label="Treatment categories" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex gap-2 sm:flex-wrap">
        {categories.map((category) => (
          <li key={category.anchor} className="shrink-0">
            <a
              href={`#${category.anchor}`}
              className="inline-flex min-h-10 items-center gap-2 rounded-full border border-brand-200 bg-white py-1 pr-4 pl-1.5 whitespace-nowrap text-sm font-medium text-brand-900 transition-colors hover:border-brand-400 hover:bg-brand-50"
            >
              <CategoryArt category={category.name} pixels={28} className="h-7 w-7" />
              {category.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function TreatmentMenu({ categories }: { categories: MenuCategory[] }) {
  return (
    <div className="space-y-10 sm:space-y-14">
      {categories.map((category) => (
        <section key={category.anchor} aria-labelledby={category.anchor}>
          <div className="flex items-center justify-between gap-4 border-b border-brand-100 pb-3">
            <div className="flex items-center gap-3 sm:gap-4">
              <CategoryArt
                category={category.name}
                pixels={56}
                className="h-12 w-12 sm:h-14 sm:w-14"
              />
              <h2
                id={category.anchor}
                className="scroll-mt-36 font-display text-2xl font-semibold text-ink sm:text-3xl"
              >
                {category.name}
              </h2>
            </div>
            <p className="text-sm text-muted">
              {category.items.length} {category.items.length === 1 ? 'treatment' : 'treatments'}
            </p>
          </div>
          <ul className="mt-5 grid gap-3 sm:gap-4 md:grid-cols-2 lg:grid-cols-3">
            {category.items.map((item) => (
              <li key={item.treatment.id}>
                <TreatmentCard item={item} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
