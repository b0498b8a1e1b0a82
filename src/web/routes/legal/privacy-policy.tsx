import { Link } from 'react-router';
import { LegalPage } from '../../components/legal-page';
import { CompanyEmailLink, CompanyName } from '../../components/company-text';

export default function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy policy"
      updated="21 November 2026"
      summary={
        <p>
          We use your details to arrange and take payment for your treatments, and share them only
          with the people who need them to do that, such as your therapist. We never sell your data.
        </p>
      }
    >
      <h2>Who we are</h2>
      <p>
        <CompanyName /> (&ldquo;we&rdquo;, &ldquo;us&rdquo;) runs this booking system and is the
        controller of the personal data described here under the UK General Data Protection
        Regulation (UK GDPR) and the Data Protection Act 2018. You can reach us about anything in
        this policy at <CompanyEmailLink />.
      </p>

      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Account details:</strong> your name, email address, phone number, password (stored
          only as a secure hash) and, if you tell us, your gender so we can match you with a
          therapist you are comfortable with.
        </li>
        <li>
          <strong>Bookings:</strong> the treatments, date, time, therapist and the address where the
          treatment takes place, plus any notes you add.
        </li>
        <li>
          <strong>Health information you choose to share,</strong> such as a pregnancy, allergy or
          injury, so your therapist can treat you safely.
        </li>
        <li>
          <strong>Payments:</strong> card payments are handled by our payment provider. We see only
          the card brand, the last four digits and the expiry date, never the full card number.
        </li>
        <li>
          <strong>Wallet and referrals:</strong> credit you earn or spend, gift cards, and who
          referred whom.
        </li>
        <li>
          <strong>Technical data:</strong> your device and browser type, pages visited and, with
          your consent, analytics data as described in our{' '}
          <Link to="/cookie-policy">cookie policy</Link>.
        </li>
      </ul>

      <h2>Why we use it, and our lawful basis</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Purpose</th>
            <th scope="col">Lawful basis</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Creating your account, arranging bookings, taking payment, refunds</td>
            <td>Performing our contract with you</td>
          </tr>
          <tr>
            <td>Health information for your treatment</td>
            <td>Your explicit consent, which you can withdraw at any time</td>
          </tr>
          <tr>
            <td>Booking confirmations, reminders and service messages</td>
            <td>Performing our contract with you</td>
          </tr>
          <tr>
            <td>Preventing fraud and keeping the service secure</td>
            <td>Our legitimate interests</td>
          </tr>
          <tr>
            <td>Analytics and advertising cookies, marketing emails and push notifications</td>
            <td>Your consent</td>
          </tr>
          <tr>
            <td>Keeping financial records</td>
            <td>Legal obligation</td>
          </tr>
        </tbody>
      </table>

      <h2>Who we share it with</h2>
      <ul>
        <li>
          <strong>Your therapist</strong> receives your name, phone number, address, treatments and
          any health notes for your booking.
        </li>
        <li>
          <strong>Service providers</strong> who work for us under contract: our payment provider,
          hosting, email and messaging services. They may use your data only to provide their
          service to us.
        </li>
        <li>
          <strong>Authorities</strong> when the law requires it, for example HM Revenue &amp;
          Customs or the police.
        </li>
      </ul>
      <p>
        Where a provider stores data outside the UK, we make sure it is protected by UK adequacy
        regulations or the International Data Transfer Agreement.
      </p>

      <h2>How long we keep it</h2>
      <ul>
        <li>Your account, for as long as you keep it open.</li>
        <li>
          Bookings and payment records, for six years after the end of the financial year they
          belong to, as UK tax law requires.
        </li>
        <li>Health notes, until 12 months after your last appointment.</li>
      </ul>

      <h2>Your rights</h2>
      <p>You have the right to:</p>
      <ul>
        <li>get a copy of your personal data;</li>
        <li>have it corrected if it is wrong, or deleted when we no longer need it;</li>
        <li>restrict or object to how we use it;</li>
        <li>receive it in a format you can take to another service;</li>
        <li>withdraw your consent at any time, where we rely on it.</li>
      </ul>
      <p>
        To use any of these rights, email <CompanyEmailLink />. We reply within one month.
      </p>

      <h2>Complaints</h2>
      <p>
        If you are unhappy with how we handle your data, please tell us first so we can put it
        right. You can also complain to the{' '}
        <a href="https://ico.org.uk/make-a-complaint/" rel="noopener noreferrer">
          Information Commissioner's Office
        </a>{' '}
        (ico.org.uk, 0303 123 1113).
      </p>

      <h2>Changes to this policy</h2>
      <p>
        We will post any changes here and, if they are significant, tell you by email before they
        take effect.
      </p>
    </LegalPage>
  );
}
