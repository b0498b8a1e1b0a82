import { Link } from 'react-router';
import { LegalPage } from '../../components/legal-page';
import { CompanyEmailLink } from '../../components/company-text';
// Straight from the domain, not through lib/policy: the home page imports that, and the words
// (with the formatting they need) would otherwise join the home page's script (decision 0040).
import { lateArrivalPolicyText } from '../../../domain/booking-progress';
import {
  FREE_CANCELLATION_HOURS,
  LATE_ARRIVAL_CREDIT_AFTER_MINUTES,
  LATE_ARRIVAL_CREDIT_PENCE,
  PARTIAL_REFUND_PERCENT,
  PARTIAL_REFUND_UNTIL_HOURS,
  SLOT_HOLD_MINUTES,
} from '../../lib/policy';

const FREE = FREE_CANCELLATION_HOURS;
const LATE = PARTIAL_REFUND_UNTIL_HOURS;

export default function CancellationPolicyPage() {
  return (
    <LegalPage
      title="Cancellation policy"
      updated="26 November 2026"
      summary={
        <p>
          Cancel for free until {FREE} hours before your appointment starts. Between {FREE} and{' '}
          {LATE} hours before, you get {PARTIAL_REFUND_PERCENT}% back. With less than {LATE} hours
          to go, or if you miss the appointment, there is no refund.
        </p>
      }
    >
      <h2>How much you get back</h2>
      <p>
        The time is counted from the start time of your appointment, in UK time, to the moment you
        cancel.
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">When you cancel</th>
            <th scope="col">Refund</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>More than {FREE} hours before the start</td>
            <td>
              <strong>Full refund</strong>
            </td>
          </tr>
          <tr>
            <td>
              Between {FREE} hours and {LATE} hours before the start
            </td>
            <td>
              <strong>{PARTIAL_REFUND_PERCENT}% refund</strong>
            </td>
          </tr>
          <tr>
            <td>
              Less than {LATE} hours before the start, or not at home when your therapist arrives
            </td>
            <td>
              <strong>No refund</strong>
            </td>
          </tr>
        </tbody>
      </table>
      <h3>An example</h3>
      <p>
        For an appointment on Saturday at 10:00, you can cancel free of charge until Friday at
        10:00. From then until Saturday at 08:00 you get {PARTIAL_REFUND_PERCENT}% back. After 08:00
        on Saturday the full price is kept, because your therapist has set the time aside for you
        and is likely already on the way.
      </p>

      <h2>How refunds are paid</h2>
      <ul>
        <li>
          Refunds go back to the card you paid with. Banks usually show them within 5 to 10 working
          days.
        </li>
        <li>
          If you used wallet credit (for example referral credit or a gift card), the same share of
          that credit goes back to your wallet straight away.
        </li>
        <li>You are never charged a fee for cancelling on top of the amount kept.</li>
      </ul>

      <h2>If your first booking came with referral credit</h2>
      <ul>
        <li>
          Referral credit from a friend&rsquo;s link comes off the price of your first booking. It
          is not money you paid, so it is never refunded to your card or wallet.
        </li>
        <li>
          If you cancel that booking in time to get everything back, the referral credit is not used
          up: it comes off your next booking instead.
        </li>
        <li>
          If you cancel once part of the price is kept, the referral credit counts as used, and your
          refund is worked out on what you paid by card and from your wallet.
        </li>
        <li>
          The friend who referred you is credited only once your first appointment has taken place,
          not when you pay. A booking you cancel earns them nothing; the first appointment you go on
          to have does.
        </li>
      </ul>

      <h2>Holding your slot while you pay</h2>
      <p>
        When you go to payment we hold your chosen time for {SLOT_HOLD_MINUTES} minutes so nobody
        else can book it. If payment is not completed in that time, the slot is released and you are
        not charged. Your booking is confirmed only once payment succeeds, and we send you a
        confirmation email.
      </p>

      <h2>If we or your therapist cancel</h2>
      <p>
        If your therapist cannot make it, or we have to cancel for any other reason, you get a full
        refund whenever it happens, including any wallet credit. We will also try to find you
        another therapist or time first, if you would like one.
      </p>

      <h2>Late arrivals and shortened treatments</h2>
      <p>
        If your therapist arrives late, your treatment still runs for its full length where you can,
        or you are refunded for the time lost. If you are not ready at the start time, the treatment
        may need to be shortened so your therapist can keep their next appointment; the full price
        still applies.
      </p>
      <p>
        {lateArrivalPolicyText({
          afterMinutes: LATE_ARRIVAL_CREDIT_AFTER_MINUTES,
          creditPence: LATE_ARRIVAL_CREDIT_PENCE,
        })}{' '}
        The arrival time is the one your therapist records when they reach you, which you can follow
        on your appointment page on the day. The credit comes on top of anything above.
      </p>

      <h2>How to cancel</h2>
      <p>
        Cancel from your appointments in your account, or email us at <CompanyEmailLink /> with your
        booking details. The time we receive your cancellation is the one that counts.
      </p>
      <p>
        This policy is part of our <Link to="/terms-of-service">terms of service</Link> and does not
        affect your statutory rights.
      </p>
    </LegalPage>
  );
}
