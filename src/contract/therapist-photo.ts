import { z } from 'zod';

// The internal API's photo answers and the /media route's parameters (decision 0039). File names:
// therapist-photo-paths.ts.

export const therapistPhotoParams = z.object({ id: z.string().min(1).max(100) });

/** No length rules: a name too long to be one of ours is a 404 like any unknown one (0068). */
export const mediaFileParams = z.object({ id: z.string(), file: z.string() });

export const therapistPhotoAnswer = z.object({
  therapistId: z.string(),
  uploaded: z.boolean().describe('Whether an uploaded photo is shown (false: the drawn portrait)'),
  photoUrl: z
    .string()
    .describe(
      'What answers now carry as photoUrl: the largest JPEG of the upload, else the imported ' +
        'photo URL or the drawn portrait',
    ),
});

export type TherapistPhotoAnswer = z.infer<typeof therapistPhotoAnswer>;
