import { createFormControl } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { placeFieldErrors } from './place-field-errors';

interface Values {
  name: string;
  postcode: string;
}

function form() {
  return createFormControl<Values>({ defaultValues: { name: '', postcode: '' } });
}

describe('placeFieldErrors', () => {
  it('puts each message on the field of that name', () => {
    const { setError, formControl } = form();
    const placed = placeFieldErrors(setError, ['name', 'postcode'], {
      postcode: 'Enter a UK postcode, like EH1 1AA',
    });
    expect(placed).toBe(true);
    expect(formControl.getFieldState('postcode').error?.message).toBe(
      'Enter a UK postcode, like EH1 1AA',
    );
    expect(formControl.getFieldState('name').error).toBeUndefined();
  });

  it('leaves out names the form does not have and says nothing landed', () => {
    const { setError, formControl } = form();
    const placed = placeFieldErrors(setError, ['name'], { postcode: 'Enter the postcode' });
    expect(placed).toBe(false);
    expect(formControl.getFieldState('postcode').error).toBeUndefined();
  });
});
