import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
} from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH, type GENDERS } from '../../domain/account-forms';
import { buttonClass } from './button-styles';
import { AlertIcon, CheckCircleIcon, InfoIcon } from './icons';

// Form controls for every form in the app (sign-in, account, booking): every input has a visible
// label, and its hint and error are tied to it with aria-describedby so a screen reader reads them
// on focus. A message that appears is announced (role alert or status) and brought into view,
// clear of the sticky bars (decision 0082).

type Gender = (typeof GENDERS)[number];

export const inputClass =
  'block w-full min-h-12 rounded-xl border bg-white px-4 py-2.5 text-base text-ink shadow-sm ' +
  'placeholder:text-muted/70 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 ' +
  'aria-[invalid=true]:border-red-600 border-brand-200';

const labelClass = 'block text-sm font-semibold text-ink';

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list.length > 0 ? list : undefined;
}

/**
 * Scrolls the box marked data-field around `ref` into view when `shown` becomes something, as
 * little as needed and clear of the sticky bars (its scroll margins, styles.css). Before paint, so
 * nothing jumps twice. With `whileFocused`, only while focus is in the box, and again each time
 * focus comes into it: submitting focuses the first invalid field, so a form with several errors
 * settles on its first, and a second refusal of the same field is brought back into view too.
 */
export function useBroughtIntoView(
  ref: RefObject<HTMLElement | null>,
  shown: unknown,
  whileFocused = false,
): void {
  useLayoutEffect(() => {
    const box = ref.current?.closest('[data-field]');
    if (!shown || !box) return;
    // Braces, not an expression: newer browsers answer scrollIntoView with a promise, and an
    // effect may return only its cleanup.
    const reveal = () => {
      box.scrollIntoView({ block: 'nearest' });
    };
    if (!whileFocused) {
      reveal();
      return;
    }
    if (box.contains(document.activeElement)) reveal();
    box.addEventListener('focusin', reveal);
    return () => box.removeEventListener('focusin', reveal);
  }, [ref, shown, whileFocused]);
}

/**
 * A field's error, announced when it appears even if focus is in the field already (the server
 * refused what was typed there), and brought into view when the field has focus.
 */
export function FieldError({ id, message }: { id: string; message?: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useBroughtIntoView(ref, message, true);
  if (!message) return null;
  return (
    <p
      ref={ref}
      id={id}
      role="alert"
      className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700"
    >
      <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{message}</span>
    </p>
  );
}

type NativeInput = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'onChange' | 'onBlur'>;

/** What a field's control needs to be tied to its label, hint and error. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Shown after the label in lighter type, e.g. "optional". */
  labelNote?: string;
  /** Beside the label, given the control's id (the password's show/hide switch). */
  aside?: (id: string) => ReactNode;
  children: (control: ControlProps) => ReactNode;
}

/** Label, hint, control and error in one column; every field below is one of these. */
function Field({ label, error, hint, labelNote, aside, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const labelElement = (
    <label htmlFor={id} className={labelClass}>
      {label}
      {labelNote && <span className="ml-1 font-normal text-muted">({labelNote})</span>}
    </label>
  );
  return (
    <div data-field>
      {aside ? (
        <div className="flex items-end justify-between gap-3">
          {labelElement}
          {aside(id)}
        </div>
      ) : (
        labelElement
      )}
      {hint && (
        <p id={hintId} className="mt-0.5 text-sm text-muted">
          {hint}
        </p>
      )}
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(!!hint && hintId, !!error && errorId),
      })}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

interface TextFieldProps extends NativeInput {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: ReactNode;
  /** Shown after the label in lighter type, e.g. "optional". */
  labelNote?: string;
}

export function TextField({
  label,
  registration,
  error,
  hint,
  labelNote,
  type = 'text',
  ...props
}: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} labelNote={labelNote}>
      {(control) => (
        <input
          type={type}
          className={`${inputClass} mt-1.5`}
          {...control}
          {...props}
          {...registration}
        />
      )}
    </Field>
  );
}

type FieldOf<T> = Omit<T, 'label'> & { label?: string };

export function EmailField(props: FieldOf<TextFieldProps>) {
  return <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...props} />;
}

/** A password input with a show/hide switch, since typing 12+ characters blind invites typos. */
export function PasswordField({
  label,
  registration,
  error,
  hint,
  labelNote,
  ...props
}: Omit<TextFieldProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      labelNote={labelNote}
      aside={(id) => (
        <button
          type="button"
          className="rounded px-1 text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
          <span className="sr-only"> {label.toLowerCase()}</span>
        </button>
      )}
    >
      {(control) => (
        <input
          type={visible ? 'text' : 'password'}
          className={`${inputClass} mt-1.5`}
          autoCapitalize="none"
          spellCheck={false}
          {...control}
          {...props}
          {...registration}
        />
      )}
    </Field>
  );
}

/** A password being chosen, with the rule that judges it said up front. */
export function NewPasswordField(props: FieldOf<Omit<TextFieldProps, 'type'>>) {
  return (
    <PasswordField
      label="New password"
      autoComplete="new-password"
      hint={`${PASSWORD_MIN_LENGTH} characters or more. A few unrelated words make a strong one.`}
      {...props}
    />
  );
}

interface SelectFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  options: readonly { value: string; label: string }[];
  error?: string;
  labelNote?: string;
  hint?: string;
}

export function SelectField({ registration, options, ...field }: SelectFieldProps) {
  return (
    <Field {...field}>
      {(control) => (
        <select className={`${inputClass} mt-1.5`} {...control} {...registration}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

const GENDER_OPTIONS = [
  { value: '', label: 'Prefer not to say' },
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
  { value: 'non-binary', label: 'Non-binary' },
] as const satisfies readonly { value: Gender | ''; label: string }[];

/** Optional: the registration decides what "Prefer not to say" ('') is sent as. */
export function GenderField(props: { registration: UseFormRegisterReturn; error?: string }) {
  return (
    <SelectField
      label="Gender"
      labelNote="optional"
      hint="We show you the therapists who accept bookings from you."
      options={GENDER_OPTIONS}
      {...props}
    />
  );
}

interface SubmitButtonProps {
  busy: boolean;
  /** Said while the form is being sent, e.g. "Saving…". */
  busyLabel: string;
  children: ReactNode;
  /** Full width and large, for the sign-in forms that stand alone on a page or in a dialog. */
  wide?: boolean;
  disabled?: boolean;
}

export function SubmitButton({ busy, busyLabel, children, wide, disabled }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={wide ? `${buttonClass('primary', 'lg')} w-full` : buttonClass('primary')}
      disabled={busy || disabled}
    >
      {busy ? busyLabel : children}
    </button>
  );
}

interface RadioGroupProps {
  legend: string;
  registration: UseFormRegisterReturn;
  options: readonly { value: string; label: string; description?: string }[];
  error?: string;
}

export function RadioGroup({ legend, registration, options, error }: RadioGroupProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset data-field aria-describedby={error ? errorId : undefined}>
      <legend className={labelClass}>{legend}</legend>
      <div className="mt-1.5 grid gap-2 sm:grid-cols-2">
        {options.map((o) => (
          <label
            key={o.value}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-brand-200 bg-white p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              value={o.value}
              className="mt-1 h-4 w-4 accent-brand-700"
              {...registration}
            />
            <span>
              <span className="block font-semibold text-ink">{o.label}</span>
              {o.description && <span className="block text-sm text-muted">{o.description}</span>}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

type Tone = 'error' | 'success' | 'info';

const TONES: Record<Tone, { box: string; icon: ReactNode }> = {
  error: { box: 'border-red-200 bg-red-50 text-red-900', icon: <AlertIcon /> },
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-900', icon: <CheckCircleIcon /> },
  info: { box: 'border-sky-200 bg-sky-50 text-sky-900', icon: <InfoIcon /> },
};

/**
 * A message about the whole form. Errors are announced at once (role alert); other news waits
 * for the screen reader to finish (role status). An error or a success is brought into view when
 * it appears, since it answers what was just pressed, often further down; information mostly
 * comes with the page and stays where it is unless `reveal` says it answers a press too.
 */
export function FormMessage({
  tone,
  reveal = tone !== 'info',
  children,
}: {
  tone: Tone;
  reveal?: boolean;
  children: ReactNode;
}) {
  const style = TONES[tone];
  const ref = useRef<HTMLDivElement>(null);
  useBroughtIntoView(ref, reveal);
  return (
    <div
      ref={ref}
      data-field
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex gap-3 rounded-2xl border p-4 text-sm ${style.box}`}
    >
      <span className="mt-0.5 h-5 w-5 shrink-0 [&>svg]:h-5 [&>svg]:w-5">{style.icon}</span>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
