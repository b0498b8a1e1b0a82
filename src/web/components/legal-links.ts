export const LEGAL_PAGES = [
  { to: '/cookie-policy', label: 'Cookie policy' },
  { to: '/privacy-policy', label: 'Privacy policy' },
  { to: '/terms-of-service', label: 'Terms of service' },
  { to: '/cancellation-policy', label: 'Cancellation policy' },
] as const;
