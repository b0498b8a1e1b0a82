import { useState } from 'react';

interface ProfessionalPhotoProps {
  name: string;
  photoUrl: string | null;
  /** Empty where the name sits right beside the photo and would only be read twice. */
  alt: string;
  /** Tailwind size classes, e.g. "h-20 w-20". */
  size: string;
  /** Pixel size hints for the browser's layout before the image arrives. */
  pixels: number;
  initialClass?: string;
}

/**
 * A therapist's photo, or their initial on a soft pink disc when there is none (or it fails to
 * load: a moved file should not leave a broken-image icon on a public page).
 */
export function ProfessionalPhoto({
  name,
  photoUrl,
  alt,
  size,
  pixels,
  initialClass = 'text-3xl',
}: ProfessionalPhotoProps) {
  const [failed, setFailed] = useState(false);
  if (photoUrl && !failed) {
    return (
      <img
        src={photoUrl}
        alt={alt}
        width={pixels}
        height={pixels}
        loading="lazy"
        onError={() => setFailed(true)}
        className={`${size} shrink-0 rounded-full object-cover ring-4 ring-white`}
      />
    );
  }
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <span
      aria-hidden="true"
      className={`${size} grid shrink-0 place-items-center rounded-full bg-gradient-to-br from-brand-100 via-brand-200 to-brand-300 font-display font-semibold text-brand-900 ring-4 ring-white ${initialClass}`}
    >
      {initial}
    </span>
  );
}
