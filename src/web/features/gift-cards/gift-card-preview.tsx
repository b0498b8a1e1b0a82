import { formatPence } from '../../../domain/format';
import { LogoMark, SparkleIcon } from '../../components/icons';
import { BRAND_NAME } from '../../lib/brand';
import { formatLongDate } from '../booking';

interface GiftCardPreviewProps {
  amountPence: number | null;
  recipientName: string;
  message: string;
  sendOn: string;
  today: string;
}

/** The card as the buyer is making it, updated as they type. Decoration: the form says it all. */
export function GiftCardPreview({
  amountPence,
  recipientName,
  message,
  sendOn,
  today,
}: GiftCardPreviewProps) {
  const when =
    sendOn === '' ? null : sendOn <= today ? 'Emailed today' : `Emailed ${formatLongDate(sendOn)}`;
  return (
    <figure aria-hidden="true" className="space-y-3">
      <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 via-brand-700 to-brand-900 p-6 text-white shadow-xl shadow-brand-900/20">
        <div className="absolute -top-10 -right-10 h-40 w-40 rounded-full bg-white/10" />
        <div className="absolute -bottom-16 -left-8 h-40 w-40 rounded-full bg-white/5" />
        <div className="relative flex items-center justify-between gap-3">
          <span className="flex items-center gap-2">
            <LogoMark className="h-7 w-7 text-brand-100" />
            <span className="font-display text-lg font-semibold">{BRAND_NAME}</span>
          </span>
          <span className="text-xs font-semibold tracking-widest text-brand-100 uppercase">
            Gift card
          </span>
        </div>
        <p className="relative mt-8 font-display text-5xl font-semibold tabular-nums">
          {amountPence === null ? '£—' : formatPence(amountPence).replace(/\.00$/, '')}
        </p>
        <p className="relative mt-2 truncate text-brand-100">
          {recipientName.trim() ? `For ${recipientName.trim()}` : 'For someone special'}
        </p>
      </div>
      {(message.trim() || when) && (
        <div className="rounded-2xl bg-white p-4 text-sm shadow-sm">
          {message.trim() && (
            <p className="flex gap-2 break-words text-ink">
              <SparkleIcon className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
              <span className="min-w-0">“{message.trim()}”</span>
            </p>
          )}
          {when && <p className="mt-1 text-muted">{when}</p>}
        </div>
      )}
    </figure>
  );
}
