import { useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { formatPence, truncateWords } from '../../../domain/format';
import { ClockIcon } from '../../components/icons';
import { CategoryArt, groupTreatments, type MenuItem, type Treatment } from '../catalogue';
import { CheckIcon, PlusIcon } from './booking-icons';
import { formatDuration } from './booking-format';
import { useBookingStore, useCitySelection } from './booking-store';
import { listKeyTarget } from './calendar-keys';

interface PickerProps {
  city: string;
  treatments: readonly Treatment[];
  /** Only these main treatments (a chosen therapist's); their add-ons come with them. */
  only?: ReadonlySet<string> | undefined;
}

function ToggleButton({
  id,
  selected,
  name,
  onToggle,
  small = false,
  tabStop,
}: {
  id: string;
  selected: boolean;
  name: string;
  onToggle: () => void;
  small?: boolean;
  /** The one toggle of the list in the tab order (the arrows move between them). */
  tabStop: string | null;
}) {
  return (
    <button
      type="button"
      data-pick={id}
      tabIndex={id === tabStop ? 0 : -1}
      aria-pressed={selected}
      aria-label={`${selected ? 'Remove' : 'Add'} ${name}`}
      onClick={onToggle}
      className={`inline-flex shrink-0 items-center justify-center gap-1.5 rounded-full font-semibold transition-colors ${
        small ? 'min-h-10 px-3 text-sm' : 'min-h-11 px-4 text-sm'
      } ${
        selected
          ? 'bg-brand-700 text-white hover:bg-brand-800'
          : 'border border-brand-300 bg-white text-brand-800 hover:bg-brand-50'
      }`}
    >
      {selected ? <CheckIcon className="h-4 w-4" /> : <PlusIcon className="h-4 w-4" />}
      <span aria-hidden="true">{selected ? 'Added' : 'Add'}</span>
    </button>
  );
}

function TreatmentRow({
  item,
  city,
  treatments,
  selected,
  tabStop,
}: {
  item: MenuItem;
  city: string;
  treatments: readonly Treatment[];
  selected: ReadonlySet<string>;
  tabStop: string | null;
}) {
  const add = useBookingStore((s) => s.add);
  const remove = useBookingStore((s) => s.remove);
  const byId = useMemo(() => new Map(treatments.map((t) => [t.id, t])), [treatments]);
  const { treatment } = item;
  const isSelected = selected.has(treatment.id);
  const toggle = (t: Treatment) =>
    selected.has(t.id) ? remove(city, [t.id], treatments) : add(city, t);

  return (
    <li
      className={`rounded-2xl border bg-white p-4 shadow-sm transition-colors sm:p-5 ${
        isSelected ? 'border-brand-400 ring-1 ring-brand-300' : 'border-brand-100'
      }`}
    >
      <div className="flex items-start gap-4">
        <div className="min-w-0 flex-1">
          <h3 className="leading-snug font-semibold text-ink">{treatment.name}</h3>
          {treatment.description && (
            <p className="mt-1 text-sm leading-relaxed text-muted">
              {truncateWords(treatment.description)}
            </p>
          )}
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="font-semibold text-brand-800">
              <span className="sr-only">Price </span>
              {formatPence(treatment.pricePence)}
            </span>
            <span className="inline-flex items-center gap-1 text-muted">
              <ClockIcon className="h-4 w-4" />
              <span className="sr-only">Duration </span>
              {formatDuration(treatment.durationMinutes)}
            </span>
          </p>
        </div>
        <ToggleButton
          id={treatment.id}
          selected={isSelected}
          name={treatment.name}
          onToggle={() => toggle(treatment)}
          tabStop={tabStop}
        />
      </div>
      {/* Add-ons are offered with their parent, so only once the parent is chosen. */}
      {isSelected && item.addOns.length > 0 && (
        <div className="mt-4 rounded-xl bg-brand-50 p-3 sm:p-4">
          <h4 className="text-sm font-semibold text-brand-900">
            Add to your {treatment.name.replace(/\s*\(.*\)$/, '')}
          </h4>
          <ul className="mt-2 space-y-2">
            {item.addOns.map((offer) => {
              const addOn = byId.get(offer.id);
              if (!addOn) return null;
              return (
                <li key={offer.id} className="flex items-center gap-3">
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="font-medium text-ink">{addOn.name}</p>
                    <p className="text-muted">
                      +{formatPence(addOn.pricePence)} · {formatDuration(addOn.durationMinutes)}
                    </p>
                  </div>
                  <ToggleButton
                    small
                    id={addOn.id}
                    selected={selected.has(addOn.id)}
                    name={addOn.name}
                    onToggle={() => toggle(addOn)}
                    tabStop={tabStop}
                  />
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </li>
  );
}

/**
 * The city's treatments by category, each with an Add toggle; add-ons under chosen parents. The
 * toggles are one tab stop, as the calendars' days are: the arrows move between them, so the
 * next step is a Tab away however long the menu is (docs/decisions/0080).
 */
export function TreatmentPicker({ city, treatments, only }: PickerProps) {
  const { selectedTreatments } = useCitySelection(city);
  const selected = useMemo(() => new Set(selectedTreatments), [selectedTreatments]);
  const categories = useMemo(
    () =>
      groupTreatments(only ? treatments.filter((t) => t.isAddOn || only.has(t.id)) : treatments),
    [treatments, only],
  );
  const container = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<string | null>(null);
  // The toggles in the order shown: each treatment, then its add-ons once it is chosen.
  const order = categories.flatMap((c) =>
    c.items.flatMap((item) => [
      item.treatment.id,
      ...(selected.has(item.treatment.id) ? item.addOns.map((a) => a.id) : []),
    ]),
  );
  const tabStop = active && order.includes(active) ? active : (order[0] ?? null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = (event.target as HTMLElement).dataset.pick;
    const target = from && listKeyTarget(from, event.key, order);
    if (!target) return;
    event.preventDefault();
    setActive(target);
    container.current?.querySelector<HTMLButtonElement>(`[data-pick="${target}"]`)?.focus();
  };
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const id = (event.target as HTMLElement).dataset.pick;
    if (id) setActive(id);
  };

  return (
    <div ref={container} className="space-y-10" onKeyDown={onKeyDown} onFocus={onFocus}>
      <p className="sr-only">
        The treatments are one stop for the Tab key: move between them with the arrow keys.
      </p>
      {categories.map((category) => (
        <section key={category.anchor} aria-labelledby={category.anchor}>
          <h2
            id={category.anchor}
            className="flex scroll-mt-36 items-center gap-3 border-b border-brand-100 pb-2 font-display text-2xl font-semibold text-ink"
          >
            <CategoryArt category={category.name} pixels={48} className="h-12 w-12" />
            {category.name}
          </h2>
          <ul className="mt-4 space-y-3">
            {category.items.map((item) => (
              <TreatmentRow
                key={item.treatment.id}
                item={item}
                city={city}
                treatments={treatments}
                selected={selected}
                tabStop={tabStop}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
