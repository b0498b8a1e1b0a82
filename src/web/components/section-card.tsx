import { useId, type ReactNode } from 'react';

interface SectionCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Extra classes, e.g. a warning border for the delete section. */
  className?: string;
}

/** One titled block of an account page; the heading names the region for screen readers. */
export function SectionCard({ title, description, children, className = '' }: SectionCardProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-3xl bg-white p-5 shadow-sm sm:p-7 ${className}`}
    >
      <h2 id={headingId} className="font-display text-2xl font-semibold text-ink">
        {title}
      </h2>
      {description && <div className="mt-1 text-sm text-muted">{description}</div>}
      <div className="mt-5">{children}</div>
    </section>
  );
}

export function PageTitle({ title, intro }: { title: string; intro?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">{title}</h1>
      {intro && <p className="mt-1 text-muted">{intro}</p>}
    </div>
  );
}
