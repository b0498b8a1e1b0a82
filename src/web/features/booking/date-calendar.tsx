import { calendarMonths, formatLongDate, WEEKDAY_HEADINGS } from './booking-format';

interface DateCalendarProps {
  days: readonly string[];
  available: ReadonlySet<string>;
  selected: string | null;
  onSelect: (date: string) => void;
}

/**
 * The booking window as month grids. Days with a free slot are buttons; the rest are shown but
 * disabled, so the customer sees the whole window and where the gaps are.
 */
export function DateCalendar({ days, available, selected, onSelect }: DateCalendarProps) {
  const months = calendarMonths(days);
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {months.map((month) => (
        <table key={month.label} className="w-full table-fixed border-separate border-spacing-1">
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
                        disabled={!open}
                        aria-pressed={isSelected}
                        aria-label={`${formatLongDate(date)}${open ? '' : ', fully booked'}`}
                        onClick={() => onSelect(date)}
                        className={`grid aspect-square w-full min-h-11 place-items-center rounded-xl text-sm font-semibold transition-colors ${
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
