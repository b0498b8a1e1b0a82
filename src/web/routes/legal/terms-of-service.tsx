import { Link } from 'react-router';
import { DEFAULT_MINIMUM_SPEND_PENCE } from '../../../domain/constants';
import { formatPence } from '../../../domain/format';
import { LegalPage } from '../../components/legal-page';
import { BRAND_NAME } from '../../lib/brand';
import { CompanyEmailLink, CompanyName } from '../../components/company-text';
import { SLOT_HOLD_MINUTES } from '../../lib/policy';

export default function TermsOfServicePage() {
  return (
    <LegalPage
      title="Terms of service"
      updated="26 November 2026"
      summary={
        <p>
          You book and pay through us; an independent, vetted therapist comes to you. Prices are in
          pounds, your booking is confirmed once payment succeeds, and our{' '}
          <Link to="/cancellation-policy">cancellation policy</Link> sets out refunds.
        </p>
      }
    >
      <h2>1. About these terms</h2>
      <p>
        These terms apply when you use {BRAND_NAME} to book treatments. {BRAND_NAME} is run by{' '}
        <CompanyName />. Please read them before you book; by booking you agree to them. You can
        contact us at <CompanyEmailLink />.
      </p>

      <h2>2. Who can book</h2>
      <p>
        You must be 18 or over to create an account and book. If you book for someone else, you
        confirm they agree to the treatment and to these terms, and that you have passed on any
        health information they gave you.
      </p>

      <h2>3. Our role and your therapist's</h2>
      <p>
        Therapists are independent, self-employed professionals. We check their qualifications,
        insurance and identity before they join, arrange your booking, and take payment on their
        behalf. Your therapist is responsible for carrying out the treatment with reasonable care
        and skill.
      </p>

      <h2>4. Prices and payment</h2>
      <ul>
        <li>Prices are shown in pounds sterling and include VAT where it applies.</li>
        <li>
          Each booking has a minimum spend, normally {formatPence(DEFAULT_MINIMUM_SPEND_PENCE)};
          some therapists set a higher one, which we show before you book.
        </li>
        <li>
          When you go to payment we hold your chosen time for {SLOT_HOLD_MINUTES} minutes. Your
          booking is confirmed only once payment succeeds and we have sent you a confirmation.
        </li>
        <li>
          Business accounts may be offered payment by invoice; invoices are due within the period
          stated on them.
        </li>
      </ul>

      <h2>5. Credit, referrals and gift cards</h2>
      <p>
        Wallet credit, including referral credit and gift card balances, can be used towards
        bookings on {BRAND_NAME}. It cannot be exchanged for cash. A new customer can be referred
        once, before their first paid booking, and never by themselves or through a second account
        with the same email address or phone number. Their referral credit comes off their first
        booking; the friend who referred them receives the same credit once the new customer&rsquo;s
        first appointment has taken place, not when it is paid, so a booking cancelled for a refund
        earns nothing. The cancellation policy says what happens to referral credit when a booking
        is cancelled. We may withdraw credit obtained by misuse.
      </p>

      <h2>6. Your appointment</h2>
      <ul>
        <li>
          Please give us an accurate address and access details, make sure there is enough space for
          a treatment couch where one is needed, and be ready at the start time.
        </li>
        <li>
          Tell us before your appointment about any medical condition, pregnancy, allergy or
          medication that could affect your treatment. Your therapist may change or decline a
          treatment if it would not be safe.
        </li>
        <li>
          Therapists may leave if they feel unsafe or are treated with disrespect, including any
          request for services that are not part of the booking. In that case no refund is due.
        </li>
      </ul>

      <h2>7. Cancelling and changes</h2>
      <p>
        Our <Link to="/cancellation-policy">cancellation policy</Link> explains what you get back if
        you cancel, and what happens if we or your therapist have to cancel.
      </p>

      <h2>8. If something goes wrong</h2>
      <p>
        If you are not happy with a treatment, tell us within 7 days and we will look into it. Under
        the Consumer Rights Act 2015, services must be performed with reasonable care and skill; if
        they are not, you are entitled to have the problem put right or to a price reduction.
      </p>
      <p>
        We are not responsible for losses that were not foreseeable, or for losses to a business.
        Nothing in these terms limits our liability for death or personal injury caused by
        negligence, for fraud, or for anything else the law does not allow us to limit.
      </p>

      <h2>9. Your account</h2>
      <p>
        Keep your password private and tell us straight away if you think someone else has used your
        account. We may suspend accounts used for fraud or to abuse therapists or staff.
      </p>

      <h2>10. Changes to these terms</h2>
      <p>
        We may update these terms, for example when the law or our service changes. The terms that
        apply are those shown when you book.
      </p>

      <h2>11. Law and disputes</h2>
      <p>
        These terms are governed by the law of the part of the United Kingdom where you live
        (Scotland, England and Wales, or Northern Ireland), and its courts can hear any dispute. How
        we handle your personal data is described in our{' '}
        <Link to="/privacy-policy">privacy policy</Link>.
      </p>
    </LegalPage>
  );
}
