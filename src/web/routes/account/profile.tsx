import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/button-styles';
import {
  ChangePasswordForm,
  DeleteAccount,
  LinkedAccounts,
  ProfileForm,
  SavedCards,
  useLinkedAccounts,
} from '../../features/account';
import { PageTitle, SectionCard } from '../../components/section-card';
import { describeRedirectError, signOut, useMe, useReturnedError } from '../../features/auth';
import { PushOptIn } from '../../features/push';
import { BookWithLink, useResumeHeldBooking } from '../../features/booking';
import { FavouritesList } from '../../features/favourites';
import { WaitlistList, WaitlistOfferView } from '../../features/waitlist';
import { notify, useUiStore } from '../../lib/ui-store';

/** A provider sent the customer back from linking with ?error=: say why. */
function notifyLinkError(code: string) {
  const described = describeRedirectError(code);
  notify({
    type: 'error',
    ...(described.kind === 'message'
      ? described.message
      : { title: 'Not linked', message: 'That account could not be linked. Please try again.' }),
  });
}

export default function AccountProfilePage() {
  const me = useMe();
  const linked = useLinkedAccounts();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  useReturnedError(notifyLinkError);
  // A waitlist offer's link (its email, its push): the time held for the customer, on top.
  const offerToken = useSearchParams()[0].get('offer');
  const resumeHeldBooking = useResumeHeldBooking();

  // The account layout renders pages only once the profile is here.
  if (!me.data) return null;
  const hasPassword = linked.data?.some((a) => a.providerId === 'credential') ?? true;

  const onSignOut = async () => {
    setSigningOut(true);
    useUiStore.getState().setLeavingAccount(true);
    await navigate('/', { replace: true });
    await signOut(queryClient);
  };

  return (
    <>
      <title>Your account · Glow at Home</title>
      <PageTitle title="Your account" intro={`Signed in as ${me.data.email}`} />
      <div className="space-y-6">
        {offerToken && (
          <SectionCard title="A time has opened for you">
            <WaitlistOfferView token={offerToken} onContinue={resumeHeldBooking} />
          </SectionCard>
        )}
        <SectionCard title="Profile">
          <ProfileForm me={me.data} />
        </SectionCard>
        <SectionCard title="Favourite therapists">
          <FavouritesList bookWith={(f) => <BookWithLink therapist={f} />} />
        </SectionCard>
        <SectionCard title="Your waitlists">
          <WaitlistList />
        </SectionCard>
        {hasPassword && (
          <SectionCard title="Password">
            <ChangePasswordForm />
          </SectionCard>
        )}
        <SectionCard
          title="Sign-in services"
          description="Link a service to sign in with it instead of your password."
        >
          <LinkedAccounts />
        </SectionCard>
        <SectionCard title="Notifications">
          <PushOptIn />
        </SectionCard>
        <SectionCard title="Saved cards">
          <SavedCards />
        </SectionCard>
        <SectionCard title="Sign out" description="Sign out of Glow at Home on this device.">
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => void onSignOut()}
            disabled={signingOut}
          >
            {signingOut ? 'Signing out…' : 'Sign out'}
          </button>
        </SectionCard>
        <SectionCard title="Delete account" className="border border-red-100">
          <DeleteAccount hasPassword={hasPassword} />
        </SectionCard>
      </div>
    </>
  );
}
