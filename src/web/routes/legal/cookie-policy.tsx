import { Link } from 'react-router';
import { LegalPage } from '../../components/legal-page';
import { ConsentSettings } from '../../features/consent';
import { CompanyEmailLink } from '../../components/company-text';
import { CONSENT_COOKIE_MONTHS } from '../../lib/policy';

export default function CookiePolicyPage() {
  return (
    <LegalPage
      title="Cookie policy"
      updated="21 November 2026"
      summary={
        <p>
          We only use the cookies the site needs to work unless you say yes to more. You can change
          your mind at any time on this page.
        </p>
      }
    >
      <h2>Your choice</h2>
      <ConsentSettings />

      <h2>What cookies are</h2>
      <p>
        Cookies are small text files a website stores in your browser. Similar technologies, such as
        your browser's local storage, work in much the same way, and this policy covers them too.
      </p>

      <h2>The cookies we use</h2>
      <h3>Strictly necessary</h3>
      <p>
        These keep the site secure and working, for example keeping you signed in and remembering
        your cookie choice. The law allows them without consent, and the site cannot work without
        them.
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Purpose</th>
            <th scope="col">Lasts</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Sign-in session</td>
            <td>Keeps you signed in and protects your account from forged requests.</td>
            <td>Until you sign out or the session expires</td>
          </tr>
          <tr>
            <td>lct_cc</td>
            <td>Remembers that you accepted cookies, so we do not ask again.</td>
            <td>{CONSENT_COOKIE_MONTHS} months</td>
          </tr>
        </tbody>
      </table>

      <h3>Functional</h3>
      <p>
        We remember the city you last chose in your browser's local storage, so we can offer to take
        you straight back to it. It never leaves your device; the &ldquo;Change city&rdquo; link
        clears it.
      </p>

      <h3>Analytics (only with your consent)</h3>
      <p>
        Counts of visits and the pages used, which help us see what works and fix what does not. We
        do not use them to identify you.
      </p>

      <h3>Advertising (only with your consent)</h3>
      <p>
        Help us measure whether our adverts lead to bookings, so we spend less on adverts that do
        not work.
      </p>

      <h2>Managing cookies in your browser</h2>
      <p>
        You can also block or delete cookies in your browser settings. Blocking strictly necessary
        cookies will stop you signing in and booking. The{' '}
        <a href="https://ico.org.uk/for-the-public/online/cookies/" rel="noopener noreferrer">
          Information Commissioner's Office
        </a>{' '}
        explains how cookies work and how to control them.
      </p>

      <h2>More information</h2>
      <p>
        How we use personal data in general is explained in our{' '}
        <Link to="/privacy-policy">privacy policy</Link>. Questions are welcome at{' '}
        <CompanyEmailLink />.
      </p>
    </LegalPage>
  );
}
