import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { addressCheckNote, outOfReachSentence, placeProblem } from './travel-words';

describe('placeProblem', () => {
  it("shows the server's words for a district it does not know or cover", () => {
    for (const code of [
      'unknown_postcode_district',
      'postcode_not_covered',
      'postcode_outside_city',
    ] as const) {
      const error = new ApiError({ status: 422, title: 'No', detail: `words for ${code}`, code });
      expect(placeProblem(error)).toBe(`words for ${code}`);
    }
  });

  it("shows the field's message for a postcode the server did not read as a UK one", () => {
    const error = new ApiError({
      status: 400,
      title: 'Bad request',
      errors: [
        { field: 'query.date', message: 'is required' },
        { field: 'query.postcode', message: 'Enter a UK postcode, like EH6 5AA' },
      ],
    });
    expect(placeProblem(error)).toBe('Enter a UK postcode, like EH6 5AA');
  });

  it('leaves every other failure to the step', () => {
    expect(placeProblem(null)).toBeNull();
    expect(placeProblem(new Error('boom'))).toBeNull();
    expect(
      placeProblem(new ApiError({ status: 422, title: 'x', code: 'minimum_spend' })),
    ).toBeNull();
    expect(placeProblem(new ApiError({ status: 0, title: 'Network error' }))).toBeNull();
  });
});

describe('outOfReachSentence', () => {
  it('counts in the singular and the plural, "more" only below a list', () => {
    expect(outOfReachSentence(2, 'EH30', true)).toBe(
      "2 more therapists are free that day but can't reach EH30.",
    );
    expect(outOfReachSentence(1, 'EH30', true)).toBe(
      "1 more therapist is free that day but can't reach EH30.",
    );
    expect(outOfReachSentence(1, 'EH30', false)).toBe(
      "1 therapist is free that day but can't reach EH30.",
    );
  });

  it('says nothing when everyone free can get there', () => {
    expect(outOfReachSentence(0, 'EH6', true)).toBeNull();
  });
});

describe('addressCheckNote', () => {
  const leith = { postcode: 'EH6 5AA', addressId: null };

  it('says nothing for an address with the postcode the times were checked for', () => {
    expect(addressCheckNote('eh6 5aa', leith)).toBeNull();
  });

  it('says the time will be checked for an address elsewhere', () => {
    expect(addressCheckNote('EH30 9AA', leith)).toBe(
      "Your times were checked for EH6 5AA. We'll check this time for EH30 9AA when we hold it.",
    );
  });

  it('says the time is still to be checked when no postcode was given', () => {
    expect(addressCheckNote('EH1 1AA', null)).toBe(
      "We'll check your time for EH1 1AA when we hold it.",
    );
  });
});
