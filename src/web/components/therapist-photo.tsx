import { useState } from 'react';
import { photoSources } from '../../contract/therapist-photo-paths';

// The one picture of a therapist, wherever one appears: professional cards and profiles, the
// therapist cards of select-therapist, the booking summary and appointments (decision 0039).

interface TherapistPhotoProps {
  /** From the API: an uploaded photo (its other sizes and formats follow), another image, or null. */
  photoUrl: string | null;
  /** "" where the name sits right beside the picture and would only be read twice. */
  alt: string;
  /** The size it is shown at, in CSS pixels (the larger one where it changes with the screen). */
  pixels: number;
  /** Tailwind size and shape, e.g. "h-16 w-16" (round unless it says otherwise). */
  className: string;
  /** Above the fold (a profile's header): fetched at once, first. Otherwise when scrolled near. */
  eager?: boolean;
}

export function TherapistPhoto({ photoUrl, alt, pixels, className, eager }: TherapistPhotoProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const shape = `${className} shrink-0 overflow-hidden bg-brand-100 ${/rounded-/.test(className) ? '' : 'rounded-full'}`;
  if (!photoUrl || failed === photoUrl) return <DrawnFallback className={shape} />;
  const sources = photoSources(photoUrl);
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={`${pixels}px`} />
      ))}
      <img
        src={photoUrl}
        alt={alt}
        width={pixels}
        height={pixels}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        {...(eager ? { fetchPriority: 'high' as const } : {})}
        // A photo that cannot be fetched shows the drawing, never a broken-image icon.
        onError={() => setFailed(photoUrl)}
        className={`${shape} object-cover`}
      />
    </picture>
  );
}

/** A calm head-and-shoulders drawing for a therapist with no picture at all (old saved choices). */
function DrawnFallback({ className }: { className: string }) {
  return (
    <svg
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      className={`${className} bg-gradient-to-br from-brand-100 to-brand-200`}
    >
      <circle cx="32" cy="25" r="11" fill="#fff7fa" />
      <path d="M12 60c2-12 10-19 20-19s18 7 20 19z" fill="#fff7fa" />
      <path
        d="M21 24c0-8 5-13 11-13s11 5 11 13c-3-4-7-6-11-6s-8 2-11 6z"
        fill="#9d174d"
        opacity=".85"
      />
    </svg>
  );
}
