// The bench catalogue's treatments: 33 in 7 categories, 9 of them add-ons. A fixed list of its own
// (not the demo catalogue) so results stay comparable when the demo data changes.

export const SCALE_CATEGORIES = [
  'Massage',
  'Facials',
  'Nails',
  'Lashes & Brows',
  'Hair',
  'Waxing',
  'Make-up',
] as const;
export type ScaleCategory = (typeof SCALE_CATEGORIES)[number];

export interface ScaleTreatment {
  id: string;
  name: string;
  category: ScaleCategory;
  pricePence: number;
  durationMinutes: number;
  addOn: boolean;
  addOnIds: string[];
}

type Row = [id: string, name: string, pricePence: number, minutes: number, addOnIds?: string[]];
type AddOnRow = [id: string, name: string, pricePence: number, minutes: number];

const ROWS: [ScaleCategory, Row[], AddOnRow[]][] = [
  [
    'Massage',
    [
      ['swedish-massage-60', 'Swedish Massage (60 min)', 6500, 60, ['hot-stones', 'scalp-massage']],
      ['swedish-massage-90', 'Swedish Massage (90 min)', 8500, 90, ['hot-stones', 'scalp-massage']],
      ['deep-tissue-massage-60', 'Deep Tissue Massage', 7000, 60, ['hot-stones', 'scalp-massage']],
      ['sports-massage-45', 'Sports Massage', 5500, 45, ['hot-stones']],
      ['back-neck-shoulder-massage-30', 'Back, Neck & Shoulders', 4000, 30, ['scalp-massage']],
    ],
    [
      ['hot-stones', 'Hot Stones', 1500, 15],
      ['scalp-massage', 'Scalp Massage', 1200, 15],
    ],
  ],
  [
    'Facials',
    [
      ['express-facial-30', 'Express Facial', 4800, 30, ['led-mask']],
      [
        'signature-facial-60',
        'Signature Facial',
        7500,
        60,
        ['led-mask', 'hydrating-eye-treatment'],
      ],
      ['dermaplaning-facial-60', 'Dermaplaning Facial', 7000, 60, ['led-mask']],
    ],
    [
      ['led-mask', 'LED Mask', 1500, 20],
      ['hydrating-eye-treatment', 'Hydrating Eye Treatment', 1000, 10],
    ],
  ],
  [
    'Nails',
    [
      ['classic-manicure', 'Classic Manicure', 2500, 40, ['gel-removal']],
      ['gel-manicure', 'Gel Manicure', 3200, 45, ['gel-removal', 'nail-art']],
      ['gel-pedicure', 'Gel Pedicure', 3800, 60, ['gel-removal', 'nail-art']],
      ['biab-nails', 'BIAB Nails', 4200, 60, ['gel-removal', 'nail-art']],
    ],
    [
      ['gel-removal', 'Gel Removal', 1000, 15],
      ['nail-art', 'Nail Art', 800, 15],
    ],
  ],
  [
    'Lashes & Brows',
    [
      ['lash-lift-tint', 'Lash Lift & Tint', 4500, 50, ['brow-tint']],
      ['classic-lash-extensions', 'Classic Lash Extensions', 6500, 90, ['brow-tint']],
      ['brow-lamination', 'Brow Lamination', 4000, 45],
    ],
    [['brow-tint', 'Brow Tint', 1000, 10]],
  ],
  [
    'Hair',
    [
      ['blow-dry', 'Blow-dry', 3500, 45, ['deep-conditioning']],
      ['cut-and-blow-dry', 'Cut & Blow-dry', 5500, 75, ['deep-conditioning']],
      ['occasion-hair-up', 'Occasion Hair Up', 6000, 60],
    ],
    [['deep-conditioning', 'Deep Conditioning', 1500, 15]],
  ],
  [
    'Waxing',
    [
      ['half-leg-wax', 'Half Leg Wax', 3000, 30],
      ['full-leg-wax', 'Full Leg Wax', 4200, 45],
      ['brazilian-wax', 'Brazilian Wax', 3800, 35],
      // Below the default minimum spend on its own: exercises the "add £x" answers.
      ['underarm-wax', 'Underarm Wax', 1400, 15],
    ],
    [],
  ],
  [
    'Make-up',
    [
      ['occasion-make-up', 'Occasion Make-up', 6000, 60, ['strip-lashes']],
      ['bridal-make-up', 'Bridal Make-up', 12000, 90, ['strip-lashes']],
    ],
    [['strip-lashes', 'Strip Lashes', 800, 10]],
  ],
];

export const SCALE_TREATMENTS: readonly ScaleTreatment[] = ROWS.flatMap(
  ([category, main, addOns]) => [
    ...main.map(([id, name, pricePence, durationMinutes, addOnIds]) => ({
      id,
      name,
      category,
      pricePence,
      durationMinutes,
      addOn: false,
      addOnIds: addOnIds ?? [],
    })),
    ...addOns.map(([id, name, pricePence, durationMinutes]) => ({
      id,
      name,
      category,
      pricePence,
      durationMinutes,
      addOn: true,
      addOnIds: [],
    })),
  ],
);

export const SCALE_TREATMENT_BY_ID: ReadonlyMap<string, ScaleTreatment> = new Map(
  SCALE_TREATMENTS.map((t) => [t.id, t]),
);
