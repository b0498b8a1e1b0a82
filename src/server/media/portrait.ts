import { createAvatar } from '@dicebear/core';
import * as lorelei from '@dicebear/lorelei';

// A drawn portrait for a therapist, the same every time for the same seed (their id). Lorelei by
// Lisa Wischofsky, through DiceBear: CC0 1.0, so no attribution is owed (docs/assets.md). Options
// keep it calm: smiling, eyes open, clear glasses, no beard, skin and hair in natural tones, a soft
// brand-tinted backdrop. Shown for therapists without a photo, and seeded as the demo's photos.

export function portraitSvg(seed: string, size = 384): string {
  return createAvatar(lorelei, {
    seed,
    size,
    radius: 0,
    backgroundType: ['gradientLinear'],
    backgroundColor: ['ffe3ee', 'fecadf', 'fde2c8', 'e6dcf5', 'd8efe4'],
    backgroundRotation: [0, 360],
    skinColor: ['f9dcc4', 'f1c27d', 'e0ac69', 'c68642', '8d5524', '5c3a21'],
    hairColor: ['2a1420', '4a2c20', '6b4226', 'a5673f', 'd6a461', '1c1c1c', '8e3b46'],
    // Variants picked by eye: no winks, grimaces or tongues; no sunglasses (variant02).
    eyes: [
      'variant02',
      'variant04',
      'variant06',
      'variant07',
      'variant09',
      'variant10',
      'variant12',
      'variant14',
      'variant16',
      'variant24',
    ],
    mouth: ['happy01', 'happy02', 'happy03', 'happy04', 'happy05', 'happy06', 'happy13', 'happy14'],
    glasses: ['variant01', 'variant03', 'variant04', 'variant05'],
    beardProbability: 0,
    frecklesProbability: 15,
    glassesProbability: 15,
    earringsProbability: 30,
    hairAccessoriesProbability: 10,
  }).toString();
}
