import { and, inArray, isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import { buildDemoCatalogue } from '../catalogue/demo-catalogue';
import { therapist } from '../db/schema';
import { portraitSvg } from '../media/portrait';
import { setTherapistPhoto } from '../media/set-therapist-photo';
import type { PhotoContext } from '../media/therapist-photo-row';

/**
 * Outside production: gives each demo therapist a drawn portrait as their photo, uploaded through
 * the same path the company's photos take (checked, resized, stored, recorded). Once only: when no
 * demo therapist has a photo yet, so a photo removed or replaced by hand stays as it was left.
 * Returns how many portraits were uploaded.
 */
export async function seedDemoPortraits(ctx: PhotoContext, now: Date): Promise<number> {
  const ids = (buildDemoCatalogue(now).therapists ?? []).map((t) => t.id);
  if (ids.length === 0) return 0;
  const withPhoto = await ctx.db
    .select({ id: therapist.id })
    .from(therapist)
    .where(and(inArray(therapist.id, ids), isNotNull(therapist.photoVersion)))
    .limit(1);
  if (withPhoto.length > 0) return 0;
  const present = await ctx.db
    .select({ id: therapist.id })
    .from(therapist)
    .where(inArray(therapist.id, ids));
  for (const { id } of present) {
    // A PNG, as a photographer's file would be; the SVG itself is what has no photo (portrait.svg).
    const png = await sharp(Buffer.from(portraitSvg(id, 400)))
      .png()
      .toBuffer();
    await setTherapistPhoto(ctx, id, png);
  }
  return present.length;
}
