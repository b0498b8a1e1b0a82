import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PublicReview } from './api';
import { ProfileReviews } from './profile-reviews';

const latest: PublicReview[] = [
  {
    id: 'r1',
    rating: 5,
    comment: 'Calm and careful </script> hands',
    firstName: 'Ada',
    treatments: ['Swedish Massage'],
    date: '2026-11-26T16:00:00.000Z',
    verified: true,
  },
  {
    id: 'r2',
    rating: 4,
    comment: null,
    firstName: null,
    treatments: ['Manicure'],
    date: '2026-11-25T16:00:00.000Z',
    verified: true,
  },
];

const render = (rating: { average: number; count: number } | null) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ProfileReviews
        name="Morag Reid"
        url="/professionals/morag"
        photoUrl={null}
        rating={rating}
        latestReviews={rating ? latest : []}
      />
    </QueryClientProvider>,
  );

describe('a profile’s reviews', () => {
  it('says nothing, for people or search engines, until a rating is shown', () => {
    expect(render(null)).toBe('');
  });

  it('shows the average, the count and the latest reviews as verified bookings', () => {
    const html = render({ average: 4.5, count: 12 });
    expect(html).toContain('4.5 out of 5');
    expect(html).toContain('from 12 reviews');
    expect(html.match(/Verified booking/g)).toHaveLength(2);
    expect(html).toContain('Ada · Swedish Massage');
    expect(html).toContain('A former customer · Manicure');
    expect(html).toContain('<span class="sr-only">4 stars</span>');
  });

  it('carries schema.org AggregateRating, safe inside its script element', () => {
    const html = render({ average: 4.5, count: 12 });
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'HealthAndBeautyBusiness',
      name: 'Morag Reid',
      url: '/professionals/morag',
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: 4.5,
        reviewCount: 12,
        bestRating: 5,
        worstRating: 1,
      },
    });
  });
});
