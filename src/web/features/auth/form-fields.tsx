import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { AlertIcon, CheckCircleIcon, InfoIcon } from '../../components/icons';

// Form controls for the account and sign-in forms: every input has a visible label, and its hint
// and error are tied to it with aria-describedby so a screen reader reads them on focus.

export const inputClass =
  'block w-full min-h-12 rounded-xl border bg-white px-4 py-2.5 text-base text-ink shadow-sm ' +
  'placeholder:text-muted/70 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 ' +
  'aria-[invalid=true]:border-red-600 border-brand-200';

const labelClass = 'block text-sm font-semibold text-ink';

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list.length > 0 ? list : undefined;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
      <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{message}</span>
    </p>
  );
}

type NativeInput = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'onChange' | 'onBlur'>;

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
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
        {labelNote && <span className="ml-1 font-normal text-muted">({labelNote})</span>}
      </label>
      {hint && (
        <p id={hintId} className="mt-0.5 text-sm text-muted">
          {hint}
        </p>
      )}
      <input
        id={id}
        type={type}
        className={`${inputClass} mt-1.5`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(!!hint && hintId, !!error && errorId)}
        {...props}
        {...registration}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A password input with a show/hide switch, since typing 12+ characters blind invites typos. */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const { label, registration, error, hint, labelNote: _labelNote, ...rest } = props;
  return (
    <div>
      <div className="flex items-end justify-between gap-3">
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
        <button
          type="button"
          className="rounded px-1 text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
          <span className="sr-only"> {label.toLowerCase()}</span>
        </button>
      </div>
      {hint && (
        <p id={hintId} className="mt-0.5 text-sm text-muted">
          {hint}
        </p>
      )}
      <input
        id={id}
        type={visible ? 'text' : 'password'}
        className={`${inputClass} mt-1.5`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(!!hint && hintId, !!error && errorId)}
        autoCapitalize="none"
        spellCheck={false}
        {...rest}
        {...registration}
      />
      <FieldError id={errorId} message={error} />
    </div>
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

export function SelectField({
  label,
  registration,
  options,
  error,
  labelNote,
  hint,
}: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
        {labelNote && <span className="ml-1 font-normal text-muted">({labelNote})</span>}
      </label>
      {hint && (
        <p id={hintId} className="mt-0.5 text-sm text-muted">
          {hint}
        </p>
      )}
      <select
        id={id}
        className={`${inputClass} mt-1.5`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(!!hint && hintId, !!error && errorId)}
        {...registration}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
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
    <fieldset aria-describedby={error ? errorId : undefined}>
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
 * for the screen reader to finish (role status).
 */
export function FormMessage({ tone, children }: { tone: Tone; children: ReactNode }) {
  const style = TONES[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex gap-3 rounded-2xl border p-4 text-sm ${style.box}`}
    >
      <span className="mt-0.5 h-5 w-5 shrink-0 [&>svg]:h-5 [&>svg]:w-5">{style.icon}</span>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
