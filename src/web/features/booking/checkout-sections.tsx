// The checkout's parts shared by its steps: the cards they sit on and their numbered headings.

export const cardClass = 'rounded-2xl border border-brand-100 bg-white p-5 shadow-sm sm:p-6';

/**
 * Moves focus to a step's heading and brings it to the top of the screen, clear of the sticky
 * header and step bar (the heading's scroll margin): a plain focus() can leave it under them.
 */
export function goToStep(id: string): void {
  const heading = document.getElementById(id);
  if (!heading) return;
  heading.focus({ preventScroll: true });
  heading.scrollIntoView({ block: 'start' });
}

export function SectionTitle({
  id,
  step,
  children,
}: {
  id: string;
  step: number;
  children: string;
}) {
  return (
    <h2
      id={id}
      tabIndex={-1}
      // Clear of the site header and the booking steps bar, both sticky (4rem each), with room.
      className="flex scroll-mt-36 items-center gap-3 font-display text-xl font-semibold text-ink focus:outline-none"
    >
      <span
        aria-hidden="true"
        className="grid h-7 w-7 place-items-center rounded-full bg-brand-100 font-sans text-sm font-bold text-brand-800"
      >
        {step}
      </span>
      {children}
    </h2>
  );
}
