// The installable app's public surface (decision 0032): start-up (worker, push messages, the
// install event), the update card for the app shell, the install offer for the booking
// confirmation and the offline next appointment for the appointments page.
export { InstallCard } from './install-card';
export { OfflineAppointment, useRememberNextAppointment } from './offline-appointment';
export { startPwa } from './start';
export { UpdateCard } from './update-card';
