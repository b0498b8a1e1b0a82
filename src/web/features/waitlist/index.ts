// The waitlist (decision 0089): joining from the booking steps (the form loads when asked for),
// the account page's list, and the offer page's view. Booking and the routes use it from here.
export { JoinWaitlist } from './join-waitlist';
export { WaitlistList } from './waitlist-list';
export { WaitlistOfferView } from './waitlist-offer';
export type { WaitlistOffer } from './api';
