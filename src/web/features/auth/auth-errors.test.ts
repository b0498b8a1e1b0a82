import { describe, expect, it } from 'vitest';
import { ANOTHER_SERVICE } from '../../../domain/auth-messages';
import {
  ACCOUNT_MAY_EXIST,
  describeAuthError,
  describeRedirectError,
  LINK_EXPIRED,
  MAGIC_LINK_SENT,
  NETWORK_FAILURE,
  RESET_LINK_SENT,
  WRONG_CREDENTIALS,
} from './auth-errors';
import { safeNextPath } from './next-path';

describe('describeAuthError', () => {
  it('says the same for a wrong password and an unknown email', () => {
    const wrongPassword = describeAuthError('sign-in', {
      status: 401,
      code: 'INVALID_EMAIL_OR_PASSWORD',
    });
    const noSuchUser = describeAuthError('sign-in', { status: 401, code: 'USER_NOT_FOUND' });
    expect(wrongPassword.message).toBe(WRONG_CREDENTIALS);
    expect(noSuchUser).toEqual(wrongPassword);
  });

  it('turns the role refusal into its message and flags it', () => {
    const described = describeAuthError('sign-in', { status: 403, code: 'ANOTHER_SERVICE' });
    expect(described.anotherService).toBe(true);
    expect(described.message).toBe(ANOTHER_SERVICE.message);
  });

  it('puts a weak password on the password field of the form that sent it', () => {
    const error = { status: 400, code: 'PASSWORD_TOO_WEAK', message: 'Add another word or two' };
    expect(describeAuthError('sign-up', error).fields).toEqual({
      password: 'Add another word or two',
    });
    expect(describeAuthError('reset-password', error).fields).toEqual({
      newPassword: 'Add another word or two',
    });
    expect(describeAuthError('change-password', error).message).toBeNull();
  });

  it('maps sign-up field errors from the server onto the form', () => {
    const described = describeAuthError('sign-up', {
      status: 400,
      code: 'VALIDATION_ERROR',
      errors: [
        { field: 'phoneNumber', message: 'Enter a UK phone number' },
        { field: 'phoneNumber', message: 'second message is ignored' },
        { nonsense: true },
      ],
    });
    expect(described.fields).toEqual({ phoneNumber: 'Enter a UK phone number' });
  });

  it('offers sign-in rather than a dead end when the email is taken', () => {
    expect(describeAuthError('sign-up', { status: 422, code: 'USER_ALREADY_EXISTS' }).message).toBe(
      ACCOUNT_MAY_EXIST,
    );
  });

  it('says how long a rate limit lasts, from the wait the server sent, whatever the action', () => {
    expect(describeAuthError('sign-in', { status: 429, retryAfterSeconds: 2810 }).message).toBe(
      'Too many attempts. Please wait 47 minutes and try again.',
    );
    expect(describeAuthError('sign-up', { status: 429, retryAfterSeconds: 3540 }).message).toBe(
      'Too many attempts. Please wait 59 minutes and try again.',
    );
    expect(describeAuthError('magic-link', { status: 429, retryAfterSeconds: 30 }).message).toBe(
      'Too many attempts. Please wait 30 seconds and try again.',
    );
  });

  it('offers an emailed sign-in link when the server says a refused password sign-in may use one', () => {
    const refused = describeAuthError('sign-in', {
      status: 429,
      retryAfterSeconds: 660,
      emailLinkOffered: true,
    });
    expect(refused).toEqual({
      message:
        'Too many attempts. Please wait 11 minutes and try again. You can still sign in now with a link we email you.',
      fields: {},
      anotherService: false,
      offersEmailLink: true,
    });
    // Without the server's word, or on another form, no offer.
    expect(
      describeAuthError('sign-in', { status: 429, retryAfterSeconds: 660 }).offersEmailLink,
    ).toBeUndefined();
    expect(
      describeAuthError('sign-up', { status: 429, retryAfterSeconds: 60, emailLinkOffered: true })
        .offersEmailLink,
    ).toBeUndefined();
  });

  it('promises no particular wait when a 429 carries none', () => {
    const described = describeAuthError('sign-in', { status: 429, retryAfterSeconds: 'soon' });
    expect(described.message).toBe('Too many attempts. Please wait a while and try again.');
  });

  it('names network failures whatever the action', () => {
    expect(describeAuthError('sign-up', { status: 0 }).message).toBe(NETWORK_FAILURE);
  });

  it('never tells a link requester whether the email exists', () => {
    expect(describeAuthError('magic-link', { status: 400, code: 'USER_NOT_FOUND' }).message).toBe(
      MAGIC_LINK_SENT,
    );
    expect(
      describeAuthError('forgot-password', { status: 400, code: 'USER_NOT_FOUND' }).message,
    ).toBe(RESET_LINK_SENT);
  });

  it('points at the current password when that is what is wrong', () => {
    expect(
      describeAuthError('change-password', { status: 400, code: 'INVALID_PASSWORD' }).fields,
    ).toEqual({ currentPassword: "That isn't your current password." });
  });
});

describe('describeRedirectError', () => {
  it('recognises the sign-in refusals by their codes', () => {
    expect(describeRedirectError('signup_disabled')).toEqual({ kind: 'social-no-account' });
    expect(describeRedirectError('ANOTHER_SERVICE')).toEqual({ kind: 'another-service' });
    expect(describeRedirectError('USER_RECORD_MISSING')).toEqual({ kind: 'user-record-missing' });
  });

  it('explains expired links and falls back to a general message', () => {
    const expired = describeRedirectError('INVALID_TOKEN');
    expect(expired.kind === 'message' && expired.message.message).toBe(LINK_EXPIRED);
    expect(describeRedirectError('EXPIRED_TOKEN')).toEqual(expired);
    expect(describeRedirectError('something_new').kind).toBe('message');
  });
});

describe('safeNextPath', () => {
  it('keeps paths on this site and refuses the rest', () => {
    expect(safeNextPath('/account/addresses?x=1')).toBe('/account/addresses?x=1');
    expect(safeNextPath(null)).toBe('/account');
    expect(safeNextPath('https://evil.example')).toBe('/account');
    expect(safeNextPath('//evil.example')).toBe('/account');
    expect(safeNextPath('/\\evil.example')).toBe('/account');
    expect(safeNextPath('/login?next=/account')).toBe('/account');
  });
});
