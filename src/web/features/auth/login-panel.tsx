import { useEffect, useRef, useState } from 'react';
import { EmailLinkForm } from './email-link-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { SocialButtons } from './social-buttons';

export type LoginMode = 'sign-in' | 'sign-up' | 'magic-link' | 'forgot-password';

const HEADINGS: Record<LoginMode, { title: string; intro: string }> = {
  'sign-in': {
    title: 'Sign in',
    intro: 'Welcome back. Sign in to book and see your appointments.',
  },
  'sign-up': {
    title: 'Create your account',
    intro: 'It takes a minute, and your details are ready for every booking.',
  },
  'magic-link': {
    title: 'Email me a sign-in link',
    intro: 'We will email you a link that signs you in, no password needed.',
  },
  'forgot-password': {
    title: 'Reset your password',
    intro: 'We will email you a link to choose a new password.',
  },
};

interface LoginPanelProps {
  /** Where links and providers bring the customer back to after signing in. */
  returnTo: string;
  onSignedIn: () => void;
  initialMode?: LoginMode;
  /** The id the surrounding dialog or page names itself by. */
  headingId: string;
  headingLevel?: 1 | 2;
}

const linkButton =
  'rounded font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-950';

/** Sign in, sign up, email link and password reset in one place, for the page and the modal. */
export function LoginPanel({
  returnTo,
  onSignedIn,
  initialMode = 'sign-in',
  headingId,
  headingLevel = 1,
}: LoginPanelProps) {
  const [mode, setMode] = useState<LoginMode>(initialMode);
  const [email, setEmail] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const switched = useRef(false);

  // A keyboard or screen-reader user who switches forms starts at the new form's heading.
  useEffect(() => {
    if (switched.current) headingRef.current?.focus();
  }, [mode]);

  const go = (next: LoginMode, typedEmail = email) => {
    switched.current = true;
    setEmail(typedEmail);
    setMode(next);
  };

  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const { title, intro } = HEADINGS[mode];

  return (
    <div>
      <Heading
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="font-display text-3xl font-semibold text-ink focus:outline-none"
      >
        {title}
      </Heading>
      <p className="mt-1 text-muted">{intro}</p>

      <div className="mt-6">
        {mode === 'sign-in' && (
          <div className="space-y-5">
            <SignInForm
              defaultEmail={email}
              onSignedIn={onSignedIn}
              onForgotPassword={(e) => go('forgot-password', e)}
              onMagicLink={(e) => go('magic-link', e)}
            />
            <SocialButtons returnTo={returnTo} />
          </div>
        )}
        {mode === 'sign-up' && (
          <SignUpForm
            defaultEmail={email}
            verifiedURL={returnTo}
            onSignedIn={onSignedIn}
            onSignIn={(e) => go('sign-in', e)}
            onForgotPassword={(e) => go('forgot-password', e)}
          />
        )}
        {(mode === 'magic-link' || mode === 'forgot-password') && (
          <EmailLinkForm key={mode} kind={mode} defaultEmail={email} returnTo={returnTo} />
        )}
      </div>

      <div className="mt-6 border-t border-brand-100 pt-5 text-sm">
        {mode === 'sign-up' ? (
          <p>
            Already have an account?{' '}
            <button type="button" className={linkButton} onClick={() => go('sign-in')}>
              Sign in
            </button>
          </p>
        ) : (
          <p className="flex flex-wrap gap-x-4 gap-y-2">
            <span>
              New to Glow at Home?{' '}
              <button type="button" className={linkButton} onClick={() => go('sign-up')}>
                Create an account
              </button>
            </span>
            {mode !== 'sign-in' && (
              <button type="button" className={linkButton} onClick={() => go('sign-in')}>
                Back to sign in
              </button>
            )}
          </p>
        )}
      </div>
    </div>
  );
}
