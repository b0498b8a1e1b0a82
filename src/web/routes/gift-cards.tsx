import { useSearchParams } from 'react-router';
import { CalendarIcon, SparkleIcon, ShieldIcon } from '../components/icons';
import { BuyGiftCard, GiftCardBought } from '../features/gift-cards';
import { BRAND_NAME } from '../lib/brand';

const POINTS = [
  {
    icon: CalendarIcon,
    text: 'Emailed on the day you choose, with your message',
  },
  {
    icon: SparkleIcon,
    text: 'Goes into their wallet and comes off any treatment',
  },
  {
    icon: ShieldIcon,
    text: 'Paid securely by card; the code works once',
  },
] as const;

/** /gift-cards: buy a gift card (from the home page and the footer); ?bought= shows one bought. */
export default function GiftCardsPage() {
  const [params] = useSearchParams();
  const bought = params.get('bought');

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <title>{`Gift cards · ${BRAND_NAME}`}</title>
      <header className="mb-8 max-w-2xl">
        <p className="text-sm font-semibold tracking-widest text-brand-800 uppercase">Gift cards</p>
        <h1 className="mt-1 font-display text-4xl font-semibold text-ink sm:text-5xl">
          Give a treatment at home
        </h1>
        <p className="mt-3 text-muted">
          From £10 to £500, for massage, facials, nails and more, from a therapist who comes to
          their door.
        </p>
        <ul className="mt-5 grid gap-2 text-sm text-ink sm:grid-cols-3">
          {POINTS.map((point) => (
            <li key={point.text} className="flex items-start gap-2">
              <point.icon className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
              {point.text}
            </li>
          ))}
        </ul>
      </header>
      {bought ? <GiftCardBought giftCardId={bought} /> : <BuyGiftCard />}
    </div>
  );
}
