// Lazy boundary (decision 0040): cards that appear over a page after it is shown.
export { CookieBanner } from '../../features/consent';
export { UpdateCard } from '../../features/pwa';
