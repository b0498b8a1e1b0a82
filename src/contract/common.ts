import { z } from 'zod';

// Building blocks shared by several API areas. JSON carries instants and days as strings, so the
// schemas check strings: the server writes them with toISOString(), the web reads them as text.

/** An instant, e.g. 2025-07-01T09:00:00.000Z (any offset is accepted on the way in). */
export const isoInstant = z.iso.datetime({ offset: true, message: 'must be an ISO instant' });

/** A UK calendar day, YYYY-MM-DD. */
export const isoDay = z.iso.date({ message: 'must be a day, YYYY-MM-DD' });

/** Money is whole pence everywhere. */
export const pence = z.number().int();

export const minutes = z.number().int();

/** 204 No Content: there is no body to describe. */
export const noContent = z.null().describe('No content');
