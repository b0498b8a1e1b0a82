import { describe, expect, it } from 'vitest';
import type { RebookPlan } from '../../../domain/rebook';
import { rebookChoiceLabel, rebookReasons } from './book-again-words';

const plan = (over: Partial<RebookPlan>): RebookPlan => ({
  same: false,
  therapistGone: false,
  withdrawn: [],
  notOffered: [],
  choices: [],
  ...over,
});
const who = { first: 'Ailsa', cityName: 'Edinburgh', movedAway: false };

describe('rebookReasons', () => {
  it('says the therapist has left, or moved city', () => {
    const gone = plan({
      therapistGone: true,
      choices: [{ withTherapist: false, treatmentIds: ['gel'] }],
    });
    expect(rebookReasons(gone, who)).toEqual(['Ailsa is not taking bookings at the moment.']);
    expect(rebookReasons(gone, { ...who, movedAway: true })).toEqual([
      'Ailsa no longer works in Edinburgh.',
    ]);
    expect(rebookChoiceLabel(gone.choices[0]!, gone, 'Ailsa')).toBe(
      'Book the same treatments with anyone',
    );
  });

  it('names what the therapist no longer offers and what left the catalogue', () => {
    const changed = plan({
      notOffered: [{ treatmentId: 'gel', name: 'Gel Nails' }],
      withdrawn: ['Hot Stones', 'Scrub'],
      choices: [
        { withTherapist: true, treatmentIds: ['massage'] },
        { withTherapist: false, treatmentIds: ['massage', 'gel'] },
      ],
    });
    expect(rebookReasons(changed, who)).toEqual([
      'Ailsa no longer offers Gel Nails.',
      'Hot Stones and Scrub are no longer offered.',
    ]);
    expect(changed.choices.map((c) => rebookChoiceLabel(c, changed, 'Ailsa'))).toEqual([
      'Book with Ailsa without Gel Nails',
      'Keep Gel Nails and book with anyone',
    ]);
  });

  it('offers the rest with the therapist when only a treatment was withdrawn', () => {
    const withdrawn = plan({
      withdrawn: ['Scrub'],
      choices: [{ withTherapist: true, treatmentIds: ['massage'] }],
    });
    expect(rebookReasons(withdrawn, who)).toEqual(['Scrub is no longer offered.']);
    expect(rebookChoiceLabel(withdrawn.choices[0]!, withdrawn, 'Ailsa')).toBe(
      'Book the rest with Ailsa',
    );
  });

  it('says when nothing can be booked again', () => {
    expect(rebookReasons(plan({ withdrawn: ['Scrub'] }), who)).toEqual([
      'Scrub is no longer offered.',
      'Nothing from this booking can be booked again.',
    ]);
  });
});
