import { z } from 'zod';
import { UK_TIME_ZONE } from '../../../domain/constants';
import {
  GIFT_CARD_MAX_PENCE,
  GIFT_CARD_MIN_PENCE,
  GIFT_CARD_PRESET_PENCE,
  giftCardDetailsSchema,
  giftCardSendDates,
  sendDateProblem,
  type GiftCardDetails,
} from '../../../domain/gift-card';
import type { GiftCardDraft } from './gift-card-draft';

// The gift card form's values (what the inputs hold, all text) and the rules that turn them into
// the details the server takes: the domain's own schema, plus the amount's presets and the send
// date checked against today in the UK, as the server checks them.

export const OTHER_AMOUNT = 'other';
export const AMOUNT_CHOICES = [...GIFT_CARD_PRESET_PENCE.map(String), OTHER_AMOUNT];

export type DetailsValues = GiftCardDraft;

const RANGE = `Choose an amount from £${GIFT_CARD_MIN_PENCE / 100} to £${GIFT_CARD_MAX_PENCE / 100}`;

/** The amount in pence the form stands for, or null while it is not a valid one. */
export function amountOf(values: Pick<DetailsValues, 'amountChoice' | 'otherPounds'>) {
  if (values.amountChoice !== OTHER_AMOUNT) {
    const preset = Number(values.amountChoice);
    return Number.isInteger(preset) && preset > 0 ? preset : null;
  }
  const pounds = values.otherPounds.trim().replace(/^£/, '');
  if (!/^\d{1,4}$/.test(pounds)) return null;
  const pence = Number(pounds) * 100;
  return pence >= GIFT_CARD_MIN_PENCE && pence <= GIFT_CARD_MAX_PENCE ? pence : null;
}

export const detailsFormSchema = z
  .object({
    amountChoice: z.string().refine((v) => AMOUNT_CHOICES.includes(v), 'Choose an amount'),
    otherPounds: z.string(),
    recipientName: giftCardDetailsSchema.shape.recipientName,
    recipientEmail: giftCardDetailsSchema.shape.recipientEmail,
    message: z.string(),
    sendOn: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.amountChoice === OTHER_AMOUNT && amountOf(values) === null) {
      const typed = values.otherPounds.trim().replace(/^£/, '');
      ctx.addIssue({
        code: 'custom',
        path: ['otherPounds'],
        message: /^\d+$/.test(typed) || typed === '' ? RANGE : 'Enter whole pounds, like 40',
      });
    }
    const message = giftCardDetailsSchema.shape.message.safeParse(values.message);
    if (!message.success)
      ctx.addIssue({
        code: 'custom',
        path: ['message'],
        message: message.error.issues[0]?.message ?? 'Shorten the message',
      });
    const dateProblem =
      values.sendOn === ''
        ? 'Choose the day to send it'
        : sendDateProblem(values.sendOn, Date.now(), UK_TIME_ZONE);
    if (dateProblem) ctx.addIssue({ code: 'custom', path: ['sendOn'], message: dateProblem });
  })
  .transform((values): GiftCardDetails => ({
    amountPence: amountOf(values) ?? 0,
    recipientName: values.recipientName,
    recipientEmail: values.recipientEmail,
    message: values.message.trim(),
    sendOn: values.sendOn,
  }));

/** The send dates on offer today: the date input's min and max. */
export const sendDatesToday = () => giftCardSendDates(Date.now(), UK_TIME_ZONE);

export function defaultDetails(draft: Partial<GiftCardDraft>): DetailsValues {
  const today = sendDatesToday().first;
  const amountChoice = draft.amountChoice ?? '5000';
  return {
    amountChoice: AMOUNT_CHOICES.includes(amountChoice) ? amountChoice : '5000',
    otherPounds: draft.otherPounds ?? '',
    recipientName: draft.recipientName ?? '',
    recipientEmail: draft.recipientEmail ?? '',
    message: draft.message ?? '',
    // A draft's date may have passed since: today then.
    sendOn: draft.sendOn && draft.sendOn >= today ? draft.sendOn : today,
  };
}

/** Where a server field error belongs on the form ("body.sendOn" → sendOn). */
export function formFieldOf(serverField: string, amountChoice: string): keyof DetailsValues | null {
  const name = serverField.replace(/^body\./, '');
  if (name === 'amountPence') return amountChoice === OTHER_AMOUNT ? 'otherPounds' : 'amountChoice';
  if (name === 'recipientName' || name === 'recipientEmail' || name === 'message') return name;
  if (name === 'sendOn') return 'sendOn';
  return null;
}
