// A complete production configuration for tests that need APP_ENV=production to start: each test
// spreads it and changes the one setting it is about.

export const PRODUCTION_COMPANY_ENV = {
  COMPANY_NAME: 'Glow Example Ltd',
  COMPANY_NUMBER: '01234567',
  COMPANY_REGISTERED_IN: 'England and Wales',
  COMPANY_ADDRESS: '2 Example Road, London, N1 9GU',
  COMPANY_EMAIL: 'care@glow.example',
  COMPANY_PHONE: '020 7946 0000',
} as const;

export const PRODUCTION_ENV = {
  APP_ENV: 'production',
  DATABASE_URL: 'postgres://unused.invalid/booking',
  PUBLIC_URL: 'https://glow.example',
  AUTH_SECRET: 'a-production-secret-of-thirty-two-characters-or-more',
  INTERNAL_API_TOKEN: 'a-production-token-of-thirty-two-characters-or-more',
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_unused',
  STRIPE_WEBHOOK_SECRET: 'whsec_unused',
  ...PRODUCTION_COMPANY_ENV,
} as const;
