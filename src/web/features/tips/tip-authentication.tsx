import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../../components/button-styles';
import { AlertIcon } from '../../components/icons';
import { LoadingBlock } from '../../components/page-heading';
import { accountKeys } from '../../lib/query-keys';
import type { BankCheckOutcome, PaymentReturnCheck } from '../payment';
import { useTipPaymentStatus } from './api';

// What /authorisation/confirm?tip=… means for a tip: the pages are features/payment's
// (DemoBankCheck, PaymentReturn), composed with these by the route. Both end on the appointments,
// where the tip now shows, or say why not.

const APPOINTMENTS = '/account/appointments';

function useGoToAppointments() {
  const navigate = useNavigate();
  const client = useQueryClient();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: accountKeys.appointments });
    void client.invalidateQueries({ queryKey: accountKeys.cards });
    void navigate(APPOINTMENTS, { replace: true });
  }, [client, navigate]);
}

/** A refused tip: why, that nothing was taken, and back to the appointment to try again. */
export function TipPaymentFailed({ message }: { message: string }) {
  return (
    <>
      <div role="alert" className="rounded-3xl bg-white p-6 shadow-sm sm:p-8">
        <AlertIcon className="h-10 w-10 text-red-700" />
        <h1 className="mt-3 font-display text-3xl font-semibold text-ink">Tip not taken</h1>
        <p className="mt-3 text-ink">{message}</p>
        <p className="mt-2 text-muted">You have not been charged. You can try another card.</p>
      </div>
      <Link to={APPOINTMENTS} className={`${buttonClass('primary', 'lg')} mt-6 w-full sm:w-auto`}>
        Back to your appointments
      </Link>
    </>
  );
}

/** Opened again after the bank page was answered: where did that answer lead? */
function AlreadyAnswered({ tipId }: { tipId: string }) {
  const status = useTipPaymentStatus(tipId);
  const goOn = useGoToAppointments();
  const paid = status.data?.status === 'paid';
  useEffect(() => {
    if (paid) goOn();
  }, [paid, goOn]);
  if (status.data?.detail) return <TipPaymentFailed message={status.data.detail} />;
  return <LoadingBlock label="Checking your payment…" rows={1} />;
}

/** A tip's bank check: approving ends on the appointments. */
export function useTipBankCheck(tipId: string): BankCheckOutcome {
  const goOn = useGoToAppointments();
  return {
    onConfirmed: goOn,
    renderRefused: (message) => <TipPaymentFailed message={message} />,
    renderAnswered: () => <AlreadyAnswered tipId={tipId} />,
  };
}

/** Back from a real provider's own bank page: ask the server, which asks the provider. */
export function useTipPaymentReturn(tipId: string): PaymentReturnCheck {
  const status = useTipPaymentStatus(tipId);
  const goOn = useGoToAppointments();
  const paid = status.data?.status === 'paid';
  useEffect(() => {
    if (paid) goOn();
  }, [paid, goOn]);
  return {
    status,
    paid,
    refusal: status.data?.detail ?? null,
    renderRefused: (message) => <TipPaymentFailed message={message} />,
  };
}
