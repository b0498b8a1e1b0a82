// Lazy boundary (decision 0040): the sign-in and sign-up forms, loaded when the modal is asked for.
export { LoginModal } from '../../features/auth';
