import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  ACCESS_NOTES_MAX,
  PHOTO_ACCEPT,
  PHOTOS_MAX,
  type BookingPhoto,
} from '../../../contract/booking-media';
import { buttonClass } from '../../components/button-styles';
import { FieldError, FormMessage, inputClass } from '../../components/form-fields';
import { isApiError } from '../../lib/api';
import { removePhoto, saveAccessNotes, uploadPhoto, useRefreshBooking } from './booking-media-api';
import type { Booking } from './types';

// The notes and photos form itself (loaded by booking-notes.tsx when shown): the notes are saved
// with their button; each photo chosen is uploaded at once, one after another, and shown as a
// thumbnail with its own Remove button. The server re-encodes photos without their location.

const count = (n: number) => n.toLocaleString('en-GB');

function messageOf(error: unknown): string {
  return isApiError(error) ? error.detail : 'Something went wrong. Please try again.';
}

export default function BookingNotesPanel({
  booking,
  headingLevel,
}: {
  booking: Booking;
  headingLevel: 3 | 4 | 5;
}) {
  const id = useId();
  const Heading = (['h3', 'h4', 'h5'] as const)[headingLevel - 3] ?? 'h3';
  const refresh = useRefreshBooking(booking.id);
  const [notes, setNotes] = useState(booking.accessNotes ?? '');
  const [photos, setPhotos] = useState<BookingPhoto[]>(booking.photos);
  const [notesError, setNotesError] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState<string | null>(null);
  const [photoErrors, setPhotoErrors] = useState<string[]>([]);

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setSaved(false);
    setNotesError(undefined);
    try {
      const media = await saveAccessNotes(booking.id, notes);
      setNotes(media.accessNotes ?? '');
      refresh(media);
      setSaved(true);
    } catch (error) {
      setNotesError(
        isApiError(error) ? (error.fieldErrors().accessNotes ?? error.detail) : messageOf(error),
      );
    } finally {
      setSaving(false);
    }
  };

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    input.value = '';
    const errors: string[] = [];
    let room = PHOTOS_MAX - photos.length;
    for (const file of files) {
      if (room <= 0) {
        errors.push(`${file.name}: ${PHOTOS_MAX} photos at most; remove one to add another.`);
        continue;
      }
      setUploading(file.name);
      try {
        const media = await uploadPhoto(booking.id, file);
        setPhotos(media.photos);
        refresh(media);
        room = PHOTOS_MAX - media.photos.length;
      } catch (error) {
        errors.push(`${file.name}: ${messageOf(error)}`);
      }
    }
    setUploading(null);
    setPhotoErrors(errors);
  };

  const onRemove = async (photo: BookingPhoto, index: number) => {
    setPhotoErrors([]);
    try {
      const media = await removePhoto(booking.id, photo.id);
      setPhotos(media.photos);
      refresh(media);
    } catch (error) {
      setPhotoErrors([`Photo ${index + 1}: ${messageOf(error)}`]);
    }
  };

  const notesId = `${id}-notes`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const photosId = `${id}-photos`;
  const full = photos.length >= PHOTOS_MAX;

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-4 rounded-xl bg-blush px-4 py-3">
      <Heading id={`${id}-heading`} className="font-semibold text-ink">
        Notes for your therapist
      </Heading>
      <form onSubmit={(e) => void onSave(e)} className="mt-2 space-y-2">
        <label htmlFor={notesId} className="block text-sm font-semibold text-ink">
          Access notes <span className="font-normal text-muted">(optional)</span>
        </label>
        <p id={hintId} className="text-sm text-muted">
          Parking, door code, stairs, pets: anything that helps on arrival. {count(notes.length)} of{' '}
          {count(ACCESS_NOTES_MAX)} characters.
        </p>
        <textarea
          id={notesId}
          value={notes}
          onChange={(e) => {
            setNotes(e.target.value);
            setSaved(false);
          }}
          maxLength={ACCESS_NOTES_MAX}
          rows={3}
          aria-describedby={notesError ? `${hintId} ${errorId}` : hintId}
          aria-invalid={notesError ? true : undefined}
          className={inputClass}
        />
        <FieldError id={errorId} message={notesError} />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonClass('secondary')} disabled={saving}>
            {saving ? 'Saving…' : 'Save notes'}
          </button>
          <p role="status" className="text-sm text-emerald-800">
            {saved ? 'Notes saved.' : ''}
          </p>
        </div>
      </form>

      <div className="mt-4">
        <p id={photosId} className="text-sm font-semibold text-ink">
          Photos <span className="font-normal text-muted">(optional, up to {PHOTOS_MAX})</span>
        </p>
        <p className="text-sm text-muted">
          A reference for nails, hair or make-up, say. JPEG, PNG, WebP or HEIC, up to 10 MB each; we
          remove the location and other details stored in them.
        </p>
        {photos.length > 0 && (
          <ul aria-labelledby={photosId} className="mt-2 flex flex-wrap gap-3">
            {photos.map((photo, index) => (
              <li key={photo.id} className="flex flex-col items-center gap-1">
                <img
                  src={photo.url}
                  alt={`Photo ${index + 1} for your therapist`}
                  width={96}
                  height={96}
                  loading="lazy"
                  className="h-24 w-24 rounded-lg border border-brand-100 bg-white object-cover"
                />
                <button
                  type="button"
                  className="min-h-11 min-w-11 rounded-full px-3 text-sm font-semibold text-brand-800 underline underline-offset-2 hover:bg-brand-50"
                  aria-label={`Remove photo ${index + 1}`}
                  onClick={() => void onRemove(photo, index)}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-2">
          {/* The input is hidden but focusable; its label is the button, outlined when it has focus. */}
          <input
            id={`${id}-file`}
            type="file"
            accept={PHOTO_ACCEPT}
            multiple
            disabled={full || uploading !== null}
            onChange={(e) => void onChoose(e)}
            className="peer sr-only"
          />
          <label
            htmlFor={`${id}-file`}
            className={`${buttonClass('secondary')} peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 ${full || uploading ? 'pointer-events-none opacity-60' : 'cursor-pointer'}`}
          >
            {full ? `${PHOTOS_MAX} photos added` : 'Add photos'}
          </label>
        </div>
        <p role="status" className="mt-1 text-sm text-muted">
          {uploading ? `Uploading ${uploading}…` : ''}
        </p>
        {photoErrors.length > 0 && (
          <FormMessage tone="error">
            <ul className="space-y-1">
              {photoErrors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          </FormMessage>
        )}
      </div>
    </section>
  );
}
