import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { buttonClass } from '../../components/button-styles';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/ui-store';
import { Dialog } from '../../components/dialog';
import { FieldError, inputClass } from '../../components/form-fields';
import { beginSessionChangeHere, beginSessionEndHere, signOutQuietly } from '../auth';
import { deleteAccount } from './api';

const CONFIRM_WORD = 'DELETE';

/** What deleting removes and what the law makes us keep, said before the customer commits. */
export function DeleteAccountExplainer() {
  return (
    <div className="space-y-2 text-sm text-ink">
      <p>
        Deleting your account removes your name, email, phone number, saved addresses, saved cards
        and linked sign-in services, and signs you out everywhere. Wallet credit can no longer be
        used. It cannot be undone.
      </p>
      <p className="text-muted">
        Records of past bookings and payments are kept, without your personal details, for as long
        as UK tax law requires (six years). If you have an upcoming appointment, cancel it first.
      </p>
    </div>
  );
}

export function DeleteAccount({ hasPassword }: { hasPassword: boolean }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const close = () => {
    setOpen(false);
    setValue('');
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (hasPassword && value === '') {
      setError('Enter your password to confirm');
      return;
    }
    if (!hasPassword && value.trim() !== CONFIRM_WORD) {
      setError(`Type ${CONFIRM_WORD} to confirm`);
      return;
    }
    setBusy(true);
    setError(null);
    // The live channel hears the sessions end before this answer: it is this tab's doing.
    const undo = beginSessionEndHere();
    const changed = beginSessionChangeHere();
    try {
      await deleteAccount(hasPassword ? { password: value } : { confirm: CONFIRM_WORD });
    } catch (caught) {
      undo();
      changed();
      setBusy(false);
      if (!isApiError(caught)) throw caught;
      const fields = caught.fieldErrors();
      setError(fields.password ?? fields.confirm ?? caught.detail);
      return;
    }
    await navigate('/', { replace: true });
    await signOutQuietly(queryClient);
    changed();
    notify({
      type: 'info',
      title: 'Account deleted',
      message: 'Your account has been deleted and you have been signed out.',
    });
  };

  return (
    <>
      <DeleteAccountExplainer />
      <button
        type="button"
        className={`${buttonClass('secondary')} mt-4 border-red-300 text-red-800 hover:border-red-400 hover:bg-red-50`}
        onClick={() => setOpen(true)}
      >
        Delete my account
      </button>
      <Dialog open={open} onClose={close} labelledBy={headingId} widthClass="max-w-md">
        <h2
          id={headingId}
          tabIndex={-1}
          className="pr-10 font-display text-2xl font-semibold text-ink focus:outline-none"
        >
          Delete your account?
        </h2>
        <div className="mt-3">
          <DeleteAccountExplainer />
        </div>
        <form onSubmit={(e) => void submit(e)} noValidate className="mt-5 space-y-4">
          <div data-field>
            <label htmlFor={inputId} className="block text-sm font-semibold text-ink">
              {hasPassword ? 'Your password' : `Type ${CONFIRM_WORD} to confirm`}
            </label>
            <input
              id={inputId}
              type={hasPassword ? 'password' : 'text'}
              autoComplete={hasPassword ? 'current-password' : 'off'}
              className={`${inputClass} mt-1.5`}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <FieldError id={errorId} message={error ?? undefined} />
          </div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" className={buttonClass('ghost')} onClick={close}>
              Keep my account
            </button>
            <button
              type="submit"
              className={`${buttonClass('primary')} bg-red-700 hover:bg-red-800 active:bg-red-900`}
              disabled={busy}
            >
              {busy ? 'Deleting…' : 'Delete my account'}
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
