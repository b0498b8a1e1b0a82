import { useRef, useState, type KeyboardEvent } from 'react';
import { calendarMonths, formatLongDate, WEEKDAY_HEADINGS } from './booking-format';
import { calendarKeyTarget } from './calendar-keys';

interface DateCalendarProps {
  days: readonly string[];
  available: ReadonlySet<string>;
  selected: string | null;
  onSelect: (date: string) => void;
  /** Names the grid for screen readers, e.g. "Choose a date". */
  label?: string;
  /** What a day with no free time is called after its date. */
  unavailableLabel?: string;
  /** One month under another, for narrow places such as a dialog. */
  stacked?: boolean;
}

/**
 * The booking window as month grids (the ARIA grid pattern): one day is in the tab order, the
 * arrows move by day and week, Home and End to the week's ends, Page Up and Down by month, and
 * Enter or Space choose. Days with no free time are shown but cannot be chosen, so the customer
 * sees the whole window and where the gaps are; the arrows still pass over them.
 */
export function DateCalendar({
  days,
  available,
  selected,
  onSelect,
  label = 'Dates',
  unavailableLabel = 'fully booked',
  stacked = false,
}: DateCalendarProps) {
  const months = calendarMonths(days);
  const container = useRef<HTMLDivElement>(null);
  const firstOpen = days.find((d) => available.has(d)) ?? days[0] ?? null;
  const [active, setActive] = useState<string | null>(null);
  // The day in the tab order: the last one moved to, else the chosen one, else the first free.
  const current =
    (active && days.includes(active) ? active : null) ??
    (selected && available.has(selected) ? selected : firstOpen);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, date: string) => {
    const target = calendarKeyTarget(date, event.key, days);
    if (!target) return;
    event.preventDefault();
    setActive(target);
    container.current?.querySelector<HTMLButtonElement>(`[data-date="${target}"]`)?.focus();
  };

  return (
    <div ref={container} className={`grid items-start gap-6 ${stacked ? '' : 'md:grid-cols-2'}`}>
      {months.map((month) => (
        <table
          key={month.label}
          role="grid"
          aria-label={`${label}, ${month.label}`}
          className="w-full table-fixed border-separate border-spacing-1"
        >
          <caption className="pb-2 text-left font-display text-xl font-semibold text-ink">
            {month.label}
          </caption>
          <thead>
            <tr>
              {WEEKDAY_HEADINGS.map((d) => (
                <th
                  key={d.short}
                  scope="col"
                  abbr={d.long}
                  className="pb-1 text-xs font-semibold text-muted"
                >
                  {d.short}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {month.weeks.map((week, w) => (
              <tr key={w}>
                {week.map((date, d) => {
                  if (date === null) return <td key={d} />;
                  const open = available.has(date);
                  const isSelected = date === selected;
                  const day = Number(date.slice(8));
                  return (
                    <td key={date} className="p-0">
                      <button
                        type="button"
                        data-date={date}
                        tabIndex={date === current ? 0 : -1}
                        aria-disabled={open ? undefined : true}
                        aria-pressed={isSelected}
                        aria-label={`${formatLongDate(date)}${open ? '' : `, ${unavailableLabel}`}`}
                        onKeyDown={(event) => onKeyDown(event, date)}
                        onFocus={() => setActive(date)}
                        onClick={() => {
                          if (open) onSelect(date);
                        }}
                        className={`grid aspect-square min-h-11 w-full place-items-center rounded-xl text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
                          isSelected
                            ? 'bg-brand-700 text-white'
                            : open
                              ? 'border border-brand-200 bg-white text-ink hover:border-brand-400 hover:bg-brand-50'
                              : 'cursor-not-allowed text-muted/50 line-through'
                        }`}
                      >
                        {day}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}
