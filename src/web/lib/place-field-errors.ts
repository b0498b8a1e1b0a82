import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * Shows the server's field messages beside the form's own fields, focusing the first. Names the
 * form does not have are left out; the answer says whether any landed, so the caller can fall
 * back to a message about the whole form.
 */
export function placeFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  messages: Record<string, string>,
): boolean {
  let placed = false;
  for (const [name, message] of Object.entries(messages)) {
    const field = fields.find((f) => f === name);
    if (field === undefined) continue;
    setError(field, { message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
