import { z } from 'zod';
import { isoInstant } from './common';

// PUT/DELETE /api/me/favourites/:therapistId and GET /api/me/favourites (docs/decisions/0088).

export const favouriteParams = z.object({
  therapistId: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .describe(
      'Therapist id, as the availability routes and GET /api/professionals/:username give it',
    ),
});

export const favouriteSchema = z.object({
  id: z.string().describe('Therapist id'),
  username: z.string().describe('For /professionals/{username}'),
  name: z.string(),
  photoUrl: z.string().nullable(),
  area: z.string().describe('City slug: where "Book with …" starts'),
  areaName: z.string(),
  savedAt: isoInstant,
});

export const favouritesAnswer = z.object({
  favourites: z
    .array(favouriteSchema)
    .describe(
      'Latest saved first; only therapists with a public page (one who leaves is kept, hidden, and returns with them)',
    ),
});

export type FavouriteParams = z.infer<typeof favouriteParams>;
export type Favourite = z.infer<typeof favouriteSchema>;
export type FavouritesAnswer = z.infer<typeof favouritesAnswer>;
