import { z } from 'zod';

// The internal API's photo answers and the /media route's parameters (decision 0039). File names:
// therapist-photo-paths.ts.

export const therapistPhotoParams = z.object({ id: z.string().min(1).max(100) });

export const mediaFileParams = therapistPhotoParams.extend({
  file: z.string().max(200),
});

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
