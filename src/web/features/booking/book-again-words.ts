import type { RebookChoice, RebookPlan } from '../../../domain/rebook';

// What "Book again" says when the booking cannot be had exactly as it was (decision 0088), in
// words, as pure functions so each case is tested without a browser.

const AND = new Intl.ListFormat('en-GB', { type: 'conjunction' });

export interface RebookWho {
  /** The therapist's first name. */
  first: string;
  /** The booking's city, by name. */
  cityName: string;
  /** They still work, but in another city now. */
  movedAway: boolean;
}

/** Why it is not the same booking again: one sentence per reason, the therapist first. */
export function rebookReasons(plan: RebookPlan, who: RebookWho): string[] {
  const reasons: string[] = [];
  if (plan.therapistGone) {
    reasons.push(
      who.movedAway
        ? `${who.first} no longer works in ${who.cityName}.`
        : `${who.first} is not taking bookings at the moment.`,
    );
  }
  if (plan.notOffered.length > 0) {
    reasons.push(
      `${who.first} no longer offers ${AND.format(plan.notOffered.map((i) => i.name))}.`,
    );
  }
  if (plan.withdrawn.length > 0) {
    const many = plan.withdrawn.length > 1;
    reasons.push(`${AND.format(plan.withdrawn)} ${many ? 'are' : 'is'} no longer offered.`);
  }
  if (plan.choices.length === 0) reasons.push('Nothing from this booking can be booked again.');
  return reasons;
}

/** The button for one way on. */
export function rebookChoiceLabel(choice: RebookChoice, plan: RebookPlan, first: string): string {
  if (choice.withTherapist) {
    const left = plan.notOffered.map((i) => i.name);
    return left.length > 0
      ? `Book with ${first} without ${AND.format(left)}`
      : `Book the rest with ${first}`;
  }
  return plan.therapistGone
    ? 'Book the same treatments with anyone'
    : `Keep ${AND.format(plan.notOffered.map((i) => i.name))} and book with anyone`;
}
