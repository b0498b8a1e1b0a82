// Favourite therapists (decision 0088): the heart, the account page's list, and the ids the
// therapist step orders by. Booking, account and professionals pages use them from here.
export { useFavouriteIds, type Favourite } from './api';
export { FavouriteButton } from './favourite-button';
export { FavouritesList } from './favourites-list';
