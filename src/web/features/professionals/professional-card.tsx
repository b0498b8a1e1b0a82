import { Link } from 'react-router';
import { ArrowRightIcon, MapPinIcon } from '../../components/icons';
import type { ProfessionalSummary } from './api';
import { TherapistPhoto } from '../../components/therapist-photo';

export function professionalPath(username: string): string {
  return `/professionals/${encodeURIComponent(username)}`;
}

/** One professional in the list; the whole card opens their page, the name is the link. */
export function ProfessionalCard({ professional }: { professional: ProfessionalSummary }) {
  const { name, photoUrl, areaName, bio, treatmentCount } = professional;
  return (
    <article className="group relative flex h-full gap-4 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md focus-within:border-brand-300 sm:p-5">
      <TherapistPhoto
        photoUrl={photoUrl}
        alt=""
        pixels={80}
        className="h-16 w-16 ring-4 ring-white sm:h-20 sm:w-20"
      />
      <div className="min-w-0 flex-1">
        <h2 className="text-lg leading-snug font-semibold text-ink">
          {/* Stretched over the card so the photo and bio are part of one big target. */}
          <Link
            to={professionalPath(professional.username)}
            className="rounded after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-700"
          >
            {name}
          </Link>
        </h2>
        <p className="mt-0.5 flex items-center gap-1 text-sm font-medium text-brand-800">
          <MapPinIcon className="h-4 w-4 shrink-0" />
          <span className="sr-only">City: </span>
          {areaName}
        </p>
        {bio && <p className="mt-2 text-sm leading-relaxed text-muted">{bio}</p>}
        <p className="mt-3 flex items-center justify-between gap-2 text-sm font-semibold text-brand-800">
          <span>
            {treatmentCount} {treatmentCount === 1 ? 'treatment' : 'treatments'}
          </span>
          <ArrowRightIcon className="h-5 w-5 transition-transform group-hover:translate-x-1" />
        </p>
      </div>
    </article>
  );
}
