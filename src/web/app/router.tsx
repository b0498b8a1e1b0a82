import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { SkipLink } from '../components/skip-link';
import { PageFrame } from './page-frame';
import { AppShell } from './app-shell';
import type { OfflineHandle } from './layouts/account-layout';
import { DefaultLayout } from './layouts/default-layout';
import { RouteError } from './route-error';

// Every page is its own chunk, so the first load carries only the shell and the page asked for.
// Routes not built yet are simply absent: their paths fall through to the not-found page.
// A new page's path goes in src/contract/web-routes.ts too: the server answers paths missing
// there with a 404 (decision 0037), and router-paths.test.ts compares the two lists.

interface PageModule {
  default: ComponentType;
}

const page = (load: () => Promise<PageModule>) => async () => ({
  Component: (await load()).default,
});

// Layouts other than the home page's are chunks too: the booking layout alone brings the booking
// state, the account layout the auth client (decision 0040).
const layout =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  async () => ({
    Component: (await load())[name],
  });

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    // Only reached if the shell itself fails; pages have their own boundary inside the layout.
    errorElement: (
      <>
        <SkipLink />
        <PageFrame>
          <RouteError />
        </PageFrame>
      </>
    ),
    hydrateFallbackElement: (
      <div className="loading-bar" role="progressbar" aria-label="Loading" aria-live="polite" />
    ),
    children: [
      {
        element: <DefaultLayout />,
        children: [
          {
            // Pathless so a failing page keeps the layout's header and footer around the error.
            errorElement: <RouteError />,
            children: [
              { index: true, lazy: page(() => import('../routes/home')) },
              { path: 'login', lazy: page(() => import('../routes/login')) },
              { path: 'gift-cards', lazy: page(() => import('../routes/gift-cards')) },
              {
                path: 'authorisation/password-reset',
                lazy: page(() => import('../routes/authorisation/password-reset')),
              },
              { path: ':city', lazy: page(() => import('../routes/city')) },
              { path: '*', lazy: page(() => import('../routes/not-found')) },
            ],
          },
        ],
      },
      {
        lazy: layout(() => import('./layouts/booking-layout'), 'BookingLayout'),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              {
                path: ':city/select-treatments',
                lazy: page(() => import('../routes/booking/select-treatments')),
              },
              {
                path: ':city/select-date',
                lazy: page(() => import('../routes/booking/select-date')),
              },
              {
                path: ':city/select-therapist',
                lazy: page(() => import('../routes/booking/select-therapist')),
              },
              {
                path: ':city/confirm-booking',
                lazy: page(() => import('../routes/booking/confirm-booking')),
              },
            ],
          },
        ],
      },
      {
        lazy: layout(() => import('./layouts/payment-layout'), 'PaymentLayout'),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              {
                path: 'authorisation/confirm',
                lazy: page(() => import('../routes/authorisation/confirm')),
              },
            ],
          },
        ],
      },
      {
        lazy: layout(() => import('./layouts/account-layout'), 'AccountLayout'),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { path: 'account', lazy: page(() => import('../routes/account/profile')) },
              {
                path: 'account/addresses',
                lazy: page(() => import('../routes/account/addresses')),
              },
              {
                path: 'account/addresses/new',
                lazy: page(() => import('../routes/account/address-new')),
              },
              {
                path: 'account/addresses/:id/edit',
                lazy: page(() => import('../routes/account/address-edit')),
              },
              { path: 'account/wallet', lazy: page(() => import('../routes/account/wallet')) },
              {
                path: 'account/appointments',
                // Offline it shows the next appointment kept from the last visit (decision 0032).
                handle: { worksOffline: true } satisfies OfflineHandle,
                lazy: page(() => import('../routes/account/appointments')),
              },
              {
                path: 'account/appointments/:id/review',
                lazy: page(() => import('../routes/account/appointment-review')),
              },
            ],
          },
        ],
      },
      {
        lazy: layout(() => import('./layouts/professional-layout'), 'ProfessionalLayout'),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { path: 'professionals', lazy: page(() => import('../routes/professionals/index')) },
              {
                path: 'professionals/:username',
                lazy: page(() => import('../routes/professionals/profile')),
              },
            ],
          },
        ],
      },
      {
        lazy: layout(() => import('./layouts/legal-layout'), 'LegalLayout'),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { path: 'cookie-policy', lazy: page(() => import('../routes/legal/cookie-policy')) },
              {
                path: 'privacy-policy',
                lazy: page(() => import('../routes/legal/privacy-policy')),
              },
              {
                path: 'terms-of-service',
                lazy: page(() => import('../routes/legal/terms-of-service')),
              },
              {
                path: 'cancellation-policy',
                lazy: page(() => import('../routes/legal/cancellation-policy')),
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
