import { TZDate } from '@date-fns/tz';
import type { CatalogueDocumentInput } from '../../contract/catalogue-document';

// Demo data for local development, end-to-end tests and sales demos.
// Everything here is deterministic: the only input is the date passed in.

type CityInput = NonNullable<CatalogueDocumentInput['cities']>[number];
type TreatmentInput = NonNullable<CatalogueDocumentInput['treatments']>[number];
type TherapistInput = NonNullable<CatalogueDocumentInput['therapists']>[number];
type Gender = 'female' | 'male' | 'non-binary';

const LONDON = 'Europe/London';

/** How many UK days of availability the demo catalogue carries (today plus 36 days ahead). */
export const DEMO_AVAILABILITY_DAYS = 37;

export const DEMO_CATEGORIES = [
  'Massage',
  'Facials',
  'Nails',
  'Lashes & Brows',
  'Hair',
  'Waxing',
  'Make-up',
] as const;
type Category = (typeof DEMO_CATEGORIES)[number];

const CITIES: CityInput[] = [
  { slug: 'edinburgh', name: 'Edinburgh' },
  { slug: 'newcastle', name: 'Newcastle' },
];

interface TreatmentSpec {
  id: string;
  name: string;
  category: Category;
  description: string;
  pricePence: number;
  durationMinutes: number;
  addOn?: boolean;
  addOnIds?: string[];
}

// Listed in display order, grouped by category; `order` is assigned from the position.
const TREATMENTS: TreatmentSpec[] = [
  // Massage
  {
    id: 'swedish-massage-60',
    name: 'Swedish Massage (60 min)',
    category: 'Massage',
    description:
      'Long, flowing strokes and gentle kneading ease everyday tension and improve circulation. A classic full-body massage with warm oil, ideal if you are new to massage or simply need to unwind.',
    pricePence: 6500,
    durationMinutes: 60,
    addOnIds: ['hot-stones', 'scalp-massage'],
  },
  {
    id: 'swedish-massage-90',
    name: 'Swedish Massage (90 min)',
    category: 'Massage',
    description:
      'Our signature Swedish massage with extra time to slow right down. Ninety unhurried minutes cover back, legs, arms, neck and scalp, leaving you deeply relaxed and sleeping better that night.',
    pricePence: 8500,
    durationMinutes: 90,
    addOnIds: ['hot-stones', 'scalp-massage'],
  },
  {
    id: 'deep-tissue-massage-60',
    name: 'Deep Tissue Massage (60 min)',
    category: 'Massage',
    description:
      "Firm, focused pressure works into knots and tight muscles in the back, neck and shoulders. Perfect for desk workers, runners and anyone carrying stubborn tension that a lighter massage won't shift.",
    pricePence: 7000,
    durationMinutes: 60,
    addOnIds: ['hot-stones', 'scalp-massage'],
  },
  {
    id: 'aromatherapy-massage-60',
    name: 'Aromatherapy Massage (60 min)',
    category: 'Massage',
    description:
      'A soothing full-body massage using a bespoke blend of essential oils chosen for your mood, whether calming lavender, uplifting citrus or clearing eucalyptus. Deeply relaxing and beautifully scented.',
    pricePence: 7200,
    durationMinutes: 60,
    addOnIds: ['hot-stones', 'scalp-massage'],
  },
  {
    id: 'pregnancy-massage-60',
    name: 'Pregnancy Massage (60 min)',
    category: 'Massage',
    description:
      'A nurturing side-lying massage for the second and third trimesters, easing lower back ache, swollen ankles and tired shoulders. Delivered by therapists trained in pregnancy massage, with plenty of cushioned support.',
    pricePence: 6800,
    durationMinutes: 60,
    addOnIds: ['scalp-massage'],
  },
  {
    id: 'back-neck-shoulder-massage-30',
    name: 'Back, Neck & Shoulder Massage (30 min)',
    category: 'Massage',
    description:
      'A quick, targeted treatment for the areas that hold the most stress. Thirty minutes of focused work on your back, neck and shoulders that fits neatly into a lunch break.',
    pricePence: 4000,
    durationMinutes: 30,
    addOnIds: ['scalp-massage'],
  },
  {
    id: 'hot-stones',
    name: 'Hot Stones',
    category: 'Massage',
    description:
      'Smooth, heated basalt stones glide over the muscles to melt away tension faster and deepen relaxation. Adds fifteen minutes to any full-body massage.',
    pricePence: 1500,
    durationMinutes: 15,
    addOn: true,
  },
  {
    id: 'scalp-massage',
    name: 'Scalp Massage',
    category: 'Massage',
    description:
      'Finish with an Indian head massage-inspired scalp treatment that relieves tension headaches, eases a busy mind and leaves you feeling wonderfully light.',
    pricePence: 1200,
    durationMinutes: 15,
    addOn: true,
  },

  // Facials
  {
    id: 'express-facial-30',
    name: 'Express Facial (30 min)',
    category: 'Facials',
    description:
      'A speedy skin pick-me-up: double cleanse, exfoliation, a targeted mask and moisturiser matched to your skin type. Ideal before a night out or when your complexion needs a quick boost.',
    pricePence: 4800,
    durationMinutes: 30,
    addOnIds: ['led-mask', 'hydrating-eye-treatment'],
  },
  {
    id: 'signature-facial-60',
    name: 'Signature Facial (60 min)',
    category: 'Facials',
    description:
      'Our most popular facial combines deep cleansing, gentle extractions, a relaxing facial massage and a tailored mask. Skin is left clearer, calmer and visibly glowing, with aftercare advice to keep it that way.',
    pricePence: 7500,
    durationMinutes: 60,
    addOnIds: ['led-mask', 'hydrating-eye-treatment'],
  },
  {
    id: 'dermaplaning-facial-60',
    name: 'Dermaplaning Facial (60 min)',
    category: 'Facials',
    description:
      'A precision blade gently removes dead skin and fine vellus hair for an instantly smoother, brighter complexion. Make-up glides on afterwards and skincare absorbs better. Includes cleanse, mask and SPF.',
    pricePence: 7000,
    durationMinutes: 60,
    addOnIds: ['led-mask'],
  },
  {
    id: 'led-mask',
    name: 'LED Light Therapy Mask',
    category: 'Facials',
    description:
      'Twenty minutes under a professional LED light mask to calm redness, support collagen and help with breakouts. A relaxing, painless boost to any facial.',
    pricePence: 1500,
    durationMinutes: 20,
    addOn: true,
  },
  {
    id: 'hydrating-eye-treatment',
    name: 'Hydrating Eye Treatment',
    category: 'Facials',
    description:
      'Cooling hydrogel patches and a gentle lymphatic massage reduce puffiness and dark circles around the eyes. A lovely finishing touch when you have been burning the candle at both ends.',
    pricePence: 1000,
    durationMinutes: 10,
    addOn: true,
  },

  // Nails
  {
    id: 'classic-manicure',
    name: 'Classic Manicure',
    category: 'Nails',
    description:
      'Nails shaped, cuticles tidied and hands treated to a hydrating massage, finished with a classic polish in your choice of colour. Neat, polished hands in around forty minutes.',
    pricePence: 2500,
    durationMinutes: 40,
    addOnIds: ['gel-removal'],
  },
  {
    id: 'gel-manicure',
    name: 'Gel Manicure',
    category: 'Nails',
    description:
      'A chip-resistant gel polish that stays glossy for up to three weeks. Includes shaping, cuticle care and a full colour finish cured under a portable LED lamp in your home.',
    pricePence: 3200,
    durationMinutes: 45,
    addOnIds: ['gel-removal', 'nail-art'],
  },
  {
    id: 'gel-pedicure',
    name: 'Gel Pedicure',
    category: 'Nails',
    description:
      'Feet soaked, filed and smoothed, with cuticle care, hard skin removal and a relaxing foot massage, finished in long-lasting gel polish. Sandal-ready toes for weeks, not days.',
    pricePence: 3800,
    durationMinutes: 60,
    addOnIds: ['gel-removal', 'nail-art'],
  },
  {
    id: 'biab-nails',
    name: 'BIAB Builder Gel Nails',
    category: 'Nails',
    description:
      'Builder in a Bottle strengthens natural nails and helps them grow longer without extensions. Applied as an overlay with shaping and cuticle care, finished in a natural or coloured shade.',
    pricePence: 4200,
    durationMinutes: 60,
    addOnIds: ['gel-removal', 'nail-art'],
  },
  {
    id: 'gel-removal',
    name: 'Gel or BIAB Removal',
    category: 'Nails',
    description:
      'Gentle soak-off removal of existing gel or BIAB, with no filing damage to the natural nail. Add this if you will have a previous set still on.',
    pricePence: 1000,
    durationMinutes: 15,
    addOn: true,
  },
  {
    id: 'nail-art',
    name: 'Nail Art',
    category: 'Nails',
    description:
      'Add personality with hand-painted designs, French tips, chrome powders or a few subtle accents. Your technician will talk through ideas and tailor the look to your set.',
    pricePence: 800,
    durationMinutes: 15,
    addOn: true,
  },

  // Lashes & Brows
  {
    id: 'lash-lift-tint',
    name: 'Lash Lift & Tint',
    category: 'Lashes & Brows',
    description:
      'Your natural lashes, lifted from the root and tinted for a curled, mascara-free look that lasts six to eight weeks. No extensions, no upkeep, just wide-awake eyes every morning.',
    pricePence: 4500,
    durationMinutes: 50,
    addOnIds: ['brow-tint'],
  },
  {
    id: 'classic-lash-extensions',
    name: 'Classic Lash Extensions',
    category: 'Lashes & Brows',
    description:
      'A full set of classic extensions, one fine synthetic lash applied to each natural lash. Adds length and definition that still looks like you, with an infill recommended every three weeks.',
    pricePence: 6500,
    durationMinutes: 90,
    addOnIds: ['brow-tint'],
  },
  {
    id: 'brow-lamination',
    name: 'Brow Lamination',
    category: 'Lashes & Brows',
    description:
      'Brow hairs are set upwards and outwards for a fuller, fluffy, brushed-up shape that lasts around six weeks. Includes shaping and a nourishing serum to keep brows healthy.',
    pricePence: 4000,
    durationMinutes: 45,
  },
  {
    id: 'brow-shape-tint',
    name: 'Brow Shape & Tint',
    category: 'Lashes & Brows',
    description:
      'Precise shaping by wax, tweezers or thread, followed by a tint matched to your colouring. Defined, balanced brows that frame the face without looking drawn on.',
    pricePence: 2500,
    durationMinutes: 30,
  },
  {
    id: 'brow-tint',
    name: 'Brow Tint',
    category: 'Lashes & Brows',
    description:
      'Frame your newly lifted or extended lashes with a brow tint matched to your natural colouring. Adds definition and depth in just ten extra minutes.',
    pricePence: 1000,
    durationMinutes: 10,
    addOn: true,
  },

  // Hair
  {
    id: 'blow-dry',
    name: 'Wash & Blow-dry',
    category: 'Hair',
    description:
      'A salon-quality wash and bouncy blow-dry at home, whether you want sleek and straight or big, glossy volume. Perfect before a dinner, an interview or a big night out.',
    pricePence: 3500,
    durationMinutes: 45,
    addOnIds: ['deep-conditioning'],
  },
  {
    id: 'cut-and-blow-dry',
    name: 'Cut & Blow-dry',
    category: 'Hair',
    description:
      'A consultation, precision cut and finishing blow-dry without leaving the house. Great for busy parents and professionals who want a fresh shape and a polished finish in one visit.',
    pricePence: 5500,
    durationMinutes: 75,
    addOnIds: ['deep-conditioning'],
  },
  {
    id: 'occasion-hair-up',
    name: 'Occasion Hair Up',
    category: 'Hair',
    description:
      'Elegant up-dos, soft waves or braided styles for weddings, graduations and black-tie events. Your stylist brings pins, heated tools and finishing products to create a look that lasts all night.',
    pricePence: 6000,
    durationMinutes: 60,
  },
  {
    id: 'deep-conditioning',
    name: 'Deep Conditioning Treatment',
    category: 'Hair',
    description:
      'A rich protein and moisture mask applied before styling to repair dryness and restore shine. Particularly good for coloured, curly or regularly heat-styled hair.',
    pricePence: 1500,
    durationMinutes: 15,
    addOn: true,
  },

  // Waxing
  {
    id: 'half-leg-wax',
    name: 'Half Leg Wax',
    category: 'Waxing',
    description:
      'Lower or upper legs waxed smooth with a low-temperature wax that is kind to sensitive skin. Finished with a soothing lotion to calm the skin and help prevent ingrown hairs.',
    pricePence: 3000,
    durationMinutes: 30,
  },
  {
    id: 'full-leg-wax',
    name: 'Full Leg Wax',
    category: 'Waxing',
    description:
      'Smooth legs from ankle to thigh, using warm film wax for coarser hair and strip wax for speed. Results last around four weeks, with aftercare advice tailored to your skin.',
    pricePence: 4200,
    durationMinutes: 45,
  },
  {
    id: 'bikini-wax',
    name: 'Bikini Line Wax',
    category: 'Waxing',
    description:
      'A tidy bikini line for holidays or everyday confidence. Quick and discreet, using hot wax for a cleaner finish with less redness than traditional strip waxing.',
    pricePence: 2200,
    durationMinutes: 20,
  },
  {
    id: 'brazilian-wax',
    name: 'Brazilian Wax',
    category: 'Waxing',
    description:
      'Leaves a neat strip or small triangle at the front, carried out quickly and discreetly with gentle hot wax designed for the most sensitive areas.',
    pricePence: 3800,
    durationMinutes: 35,
  },
  {
    id: 'underarm-wax',
    name: 'Underarm Wax',
    category: 'Waxing',
    description:
      'Fast, clean underarm waxing with hot wax that grips short hairs for smoother results. Longer-lasting than shaving and finished with a soothing, fragrance-free lotion.',
    pricePence: 1400,
    durationMinutes: 15,
  },

  // Make-up
  {
    id: 'occasion-make-up',
    name: 'Occasion Make-up',
    category: 'Make-up',
    description:
      'Flawless make-up for parties, proms, weddings and photo shoots, using professional long-wear products. We start with skin prep and build a look around your outfit, features and preferences.',
    pricePence: 6000,
    durationMinutes: 60,
    addOnIds: ['strip-lashes'],
  },
  {
    id: 'bridal-make-up',
    name: 'Bridal Make-up',
    category: 'Make-up',
    description:
      'Your wedding-day make-up applied at home, designed to last from the first photograph to the final dance. Includes skin preparation, long-wear products and a lip colour to keep for touch-ups.',
    pricePence: 12000,
    durationMinutes: 90,
    addOnIds: ['strip-lashes'],
  },
  {
    id: 'make-up-lesson',
    name: 'Make-up Lesson',
    category: 'Make-up',
    description:
      'A one-to-one lesson using your own make-up bag. Learn techniques for everyday and evening looks, discover which products really suit you, and take home a personalised face chart.',
    pricePence: 7500,
    durationMinutes: 90,
  },
  {
    id: 'strip-lashes',
    name: 'Strip Lashes',
    category: 'Make-up',
    description:
      'Lightweight strip lashes fitted and trimmed to your eye shape for extra drama in photographs. Choose from natural, wispy or full glam styles.',
    pricePence: 800,
    durationMinutes: 10,
    addOn: true,
  },
];

const ALL_GENDERS: Gender[] = ['female', 'male', 'non-binary'];
const FEMALE_ONLY: Gender[] = ['female'];

interface TherapistSpec {
  username: string;
  name: string;
  city: 'edinburgh' | 'newcastle';
  bio: string;
  categories: Category[];
  /** Treatments in those categories this therapist does not offer. */
  except?: string[];
  genders: Gender[];
  business?: boolean;
  minimumSpendPence?: number;
  /** Defaults to true; false means hidden from customers. */
  active?: boolean;
  /** Defaults to true; false means hidden from customers (cannot take payment). */
  paymentsConnected?: boolean;
}

const THERAPISTS: TherapistSpec[] = [
  // Edinburgh
  {
    username: 'isla',
    name: 'Isla Mackenzie',
    city: 'edinburgh',
    bio: 'Isla has been a massage therapist for twelve years, starting out at a spa hotel on Princes Street before going mobile. She trained at Edinburgh College and specialises in deep tissue and hot stone work for people who spend all day at a desk.',
    categories: ['Massage'],
    genders: ALL_GENDERS,
    business: true,
  },
  {
    username: 'eilidh',
    name: 'Eilidh Robertson',
    city: 'edinburgh',
    bio: 'Eilidh is a holistic therapist who trained at the Scottish School of Massage and later added a diploma in pregnancy and postnatal massage. She has looked after mums-to-be across Leith and Portobello for six years and loves pairing a facial with a full-body treatment.',
    categories: ['Massage', 'Facials'],
    genders: FEMALE_ONLY,
  },
  {
    username: 'fraser',
    name: 'Fraser Campbell',
    city: 'edinburgh',
    bio: 'Fraser is a sports massage therapist with a BSc in Sports Therapy from Edinburgh Napier University. He has worked with local rugby clubs and marathon runners and brings a firm, focused approach to deep tissue massage.',
    categories: ['Massage'],
    except: ['pregnancy-massage-60'],
    genders: ALL_GENDERS,
    business: true,
    minimumSpendPence: 5000,
  },
  {
    username: 'kirsty',
    name: 'Kirsty Ross',
    city: 'edinburgh',
    bio: 'Kirsty trained as a skin therapist in Glasgow and spent eight years in the treatment rooms of a Princes Street department store. She is known for her dermaplaning and brow lamination, and for honest, no-nonsense skincare advice.',
    categories: ['Facials', 'Lashes & Brows'],
    genders: ALL_GENDERS,
    business: true,
  },
  {
    username: 'priya',
    name: 'Priya Sharma',
    city: 'edinburgh',
    bio: 'Priya has been doing nails for seven years and is qualified in gel, BIAB and acrylic systems. Her nail art has a loyal following, from minimalist French tips to intricate hand-painted florals.',
    categories: ['Nails'],
    genders: ALL_GENDERS,
  },
  {
    username: 'chloe',
    name: 'Chloe Henderson',
    city: 'edinburgh',
    bio: 'Chloe qualified in beauty therapy at Edinburgh College and ran a small salon in Morningside before going fully mobile. She is quick, tidy and gentle, and clients often book a gel pedicure and leg wax in one visit.',
    categories: ['Nails', 'Waxing'],
    genders: ALL_GENDERS,
  },
  {
    username: 'ailsa',
    name: 'Ailsa Murray',
    city: 'edinburgh',
    bio: 'Ailsa is a lash and brow specialist with a background in advanced waxing. She trained at a lash academy in London and is meticulous about lash health, so her extensions look natural and last.',
    categories: ['Lashes & Brows', 'Waxing'],
    genders: FEMALE_ONLY,
  },
  {
    username: 'rhona',
    name: 'Rhona Fleming',
    city: 'edinburgh',
    bio: 'Rhona has styled hair for twenty years, including a decade as a senior stylist in a Stockbridge salon. She now focuses on weddings and occasions, doing bridal hair and make-up across the Lothians.',
    categories: ['Hair', 'Make-up'],
    genders: ALL_GENDERS,
    business: true,
    minimumSpendPence: 4000,
  },
  {
    username: 'callum',
    name: 'Callum Reid',
    city: 'edinburgh',
    bio: 'Callum is a session stylist and make-up artist who has worked backstage at the Edinburgh Festival Fringe and on fashion shoots for Scottish brands. He trained at a London hairdressing academy and loves precision cuts and polished, camera-ready looks.',
    categories: ['Hair', 'Make-up'],
    genders: ALL_GENDERS,
  },
  {
    username: 'fiona',
    name: 'Fiona Stewart',
    city: 'edinburgh',
    bio: 'Fiona has been a nail technician for nine years, specialising in gel manicures and pedicures. She trained at Edinburgh College and is known for a flawless, long-lasting finish.',
    categories: ['Nails'],
    genders: ALL_GENDERS,
    active: false,
  },
  {
    username: 'hamish',
    name: 'Hamish Grant',
    city: 'edinburgh',
    bio: 'Hamish is a newly qualified massage therapist who completed his diploma at Edinburgh College. He offers Swedish and aromatherapy massage with a calm, reassuring manner.',
    categories: ['Massage'],
    genders: ALL_GENDERS,
    paymentsConnected: false,
  },

  // Newcastle
  {
    username: 'gemma',
    name: 'Gemma Robson',
    city: 'newcastle',
    bio: 'Gemma has worked as a massage therapist for fourteen years, including six at a luxury spa on the Northumberland coast. She trained at Newcastle College and is a favourite for pregnancy and aromatherapy massage.',
    categories: ['Massage'],
    genders: ALL_GENDERS,
    business: true,
    minimumSpendPence: 4000,
  },
  {
    username: 'liam',
    name: 'Liam Charlton',
    city: 'newcastle',
    bio: 'Liam studied Sports Therapy at Northumbria University and spent four years working with semi-professional footballers in the North East. His deep tissue massage is firm but never brutal, and he is brilliant at easing desk-bound shoulders.',
    categories: ['Massage'],
    except: ['pregnancy-massage-60'],
    genders: ALL_GENDERS,
    business: true,
  },
  {
    username: 'hannah',
    name: 'Hannah Milburn',
    city: 'newcastle',
    bio: 'Hannah is a holistic therapist and skin specialist who trained at Gateshead College. She combines relaxing massage with results-driven facials and has been treating clients across Jesmond and Gosforth since 2017.',
    categories: ['Massage', 'Facials'],
    genders: ALL_GENDERS,
  },
  {
    username: 'zara',
    name: 'Zara Ahmed',
    city: 'newcastle',
    bio: 'Zara is an aesthetician with over ten years in skin and brows, having trained in London before moving home to Newcastle. She specialises in dermaplaning, LED therapy and natural-looking lash lifts.',
    categories: ['Facials', 'Lashes & Brows'],
    genders: FEMALE_ONLY,
    business: true,
  },
  {
    username: 'jade',
    name: 'Jade Armstrong',
    city: 'newcastle',
    bio: 'Jade is a beauty therapist who trained at Newcastle College and worked in salons on Grey Street and at the Metrocentre. She is a BIAB specialist and does a fast, almost painless hot wax.',
    categories: ['Nails', 'Waxing'],
    genders: ALL_GENDERS,
  },
  {
    username: 'megan',
    name: 'Megan Dodds',
    city: 'newcastle',
    bio: 'Megan has been a nail technician for five years and loves anything creative, from chrome powders to hand-painted designs. She keeps up with new techniques through regular advanced courses and is fanatical about nail health.',
    categories: ['Nails'],
    genders: ALL_GENDERS,
  },
  {
    username: 'amy',
    name: 'Amy Hepburn',
    city: 'newcastle',
    bio: 'Amy trained in lash extensions and brow lamination at a specialist academy in Leeds and has run her own mobile business for six years. She is known for soft, natural lash sets, perfectly balanced brows and gentle waxing.',
    categories: ['Lashes & Brows', 'Waxing'],
    genders: FEMALE_ONLY,
  },
  {
    username: 'danielle',
    name: 'Danielle Forster',
    city: 'newcastle',
    bio: "Danielle is a hairdresser and make-up artist with twelve years' experience, including three years doing glamour styling on cruise ships. She is in demand for weddings, proms and race days at Newcastle Racecourse.",
    categories: ['Hair', 'Make-up'],
    genders: ALL_GENDERS,
  },
  {
    username: 'laura',
    name: 'Laura Pattinson',
    city: 'newcastle',
    bio: 'Laura worked as a senior stylist in Newcastle city centre for nine years before specialising in bridal hair and make-up. She is calm under pressure and brings a full professional kit to every appointment.',
    categories: ['Hair', 'Make-up'],
    genders: ALL_GENDERS,
    business: true,
    minimumSpendPence: 5000,
  },
  {
    username: 'kelly',
    name: 'Kelly Summers',
    city: 'newcastle',
    bio: "Kelly is a lash technician with four years' experience in classic extensions and lash lifts. She trained in Sunderland and enjoys creating soft, fluttery looks that suit everyday life.",
    categories: ['Lashes & Brows'],
    genders: ALL_GENDERS,
    active: false,
  },
  {
    username: 'ryan',
    name: 'Ryan Turnbull',
    city: 'newcastle',
    bio: 'Ryan is a sports and remedial massage therapist who trained at Newcastle College. He works with runners and cyclists and is building up his mobile practice around Heaton and Jesmond.',
    categories: ['Massage'],
    genders: ALL_GENDERS,
    paymentsConnected: false,
  },
];

// ---------------------------------------------------------------------------
// Availability

type HourMinute = readonly [hour: number, minute: number];

interface WorkPattern {
  /** Working weekdays, 0 = Sunday … 6 = Saturday. */
  days: readonly number[];
  /** Local (Europe/London) wall-clock windows worked on each working day. */
  windows: readonly (readonly [start: HourMinute, end: HourMinute])[];
}

const WORK_PATTERNS: readonly WorkPattern[] = [
  // Office hours, Monday to Friday.
  {
    days: [1, 2, 3, 4, 5],
    windows: [
      [
        [9, 0],
        [17, 0],
      ],
    ],
  },
  // Salon hours, Tuesday to Saturday.
  {
    days: [2, 3, 4, 5, 6],
    windows: [
      [
        [10, 0],
        [19, 0],
      ],
    ],
  },
  // Later starts for after-work appointments.
  {
    days: [1, 3, 4, 5, 6],
    windows: [
      [
        [12, 0],
        [20, 0],
      ],
    ],
  },
  // Split day around the school run.
  {
    days: [1, 2, 3, 4, 6],
    windows: [
      [
        [8, 30],
        [12, 30],
      ],
      [
        [16, 0],
        [20, 0],
      ],
    ],
  },
  // Long days, Thursday to Monday.
  {
    days: [0, 1, 4, 5, 6],
    windows: [
      [
        [9, 0],
        [18, 0],
      ],
    ],
  },
];

/** FNV-1a: a small, stable string hash (same result on every platform). */
function hashId(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i += 1) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

function patternFor(therapistId: string): { pattern: WorkPattern; days: Set<number> } {
  const hash = hashId(`availability:${therapistId}`);
  const pattern = WORK_PATTERNS[hash % WORK_PATTERNS.length] ?? WORK_PATTERNS[0];
  if (!pattern) throw new Error('no work patterns defined');
  const days = new Set(pattern.days);
  // Roughly one in three therapists takes an extra day off in their usual working week.
  if ((hash >>> 8) % 3 === 0) {
    const working = [...pattern.days];
    const dayOff = working[(hash >>> 12) % working.length];
    if (dayOff !== undefined) days.delete(dayOff);
  }
  return { pattern, days };
}

function londonInstant(year: number, month: number, day: number, [hour, minute]: HourMinute) {
  return new Date(new TZDate(year, month, day, hour, minute, LONDON).getTime()).toISOString();
}

/**
 * A therapist's working windows for each UK calendar day from the UK date of `from`
 * (inclusive) for `days` days. Windows are Europe/London wall-clock times, returned as
 * UTC ISO instants, so they stay at the same local time across the clocks changing.
 */
export function demoAvailability(
  therapistId: string,
  from: Date,
  days: number,
): { start: string; end: string }[] {
  const { pattern, days: workingDays } = patternFor(therapistId);
  const local = new TZDate(from.getTime(), LONDON);
  const year = local.getFullYear();
  const month = local.getMonth();
  const date = local.getDate();

  const windows: { start: string; end: string }[] = [];
  for (let offset = 0; offset < days; offset += 1) {
    // Calendar arithmetic on a UTC date (no zone involved) gives the UK date and weekday.
    const calendar = new Date(Date.UTC(year, month, date + offset));
    if (!workingDays.has(calendar.getUTCDay())) continue;
    const y = calendar.getUTCFullYear();
    const m = calendar.getUTCMonth();
    const d = calendar.getUTCDate();
    for (const [start, end] of pattern.windows) {
      windows.push({ start: londonInstant(y, m, d, start), end: londonInstant(y, m, d, end) });
    }
  }
  return windows;
}

// ---------------------------------------------------------------------------
// Catalogue

function buildTreatments(): TreatmentInput[] {
  return TREATMENTS.map((t, index) => ({
    id: t.id,
    name: t.name,
    category: t.category,
    description: t.description,
    pricePence: t.pricePence,
    durationMinutes: t.durationMinutes,
    order: index + 1,
    addOn: t.addOn ?? false,
    addOnIds: t.addOn ? [] : [...(t.addOnIds ?? [])],
  }));
}

function servicesFor(spec: TherapistSpec): string[] {
  const except = new Set(spec.except ?? []);
  return TREATMENTS.filter((t) => spec.categories.includes(t.category) && !except.has(t.id)).map(
    (t) => t.id,
  );
}

function buildTherapist(spec: TherapistSpec, today: Date): TherapistInput {
  const id = `t-${spec.username}`;
  const paymentsConnected = spec.paymentsConnected ?? true;
  return {
    id,
    username: spec.username,
    name: spec.name,
    bio: spec.bio,
    photoUrl: null,
    active: spec.active ?? true,
    business: spec.business ?? false,
    paymentsConnected,
    paymentAccountId: paymentsConnected ? `acct_demo_${spec.username}` : null,
    area: spec.city,
    genders: [...spec.genders],
    minimumSpendPence: spec.minimumSpendPence ?? null,
    serviceIds: servicesFor(spec),
    availability: demoAvailability(id, today, DEMO_AVAILABILITY_DAYS),
  };
}

/** The demo catalogue, with availability from the UK date of `today` for 37 days. */
export function buildDemoCatalogue(today: Date): CatalogueDocumentInput {
  return {
    cities: CITIES.map((c) => ({ ...c })),
    treatments: buildTreatments(),
    therapists: THERAPISTS.map((spec) => buildTherapist(spec, today)),
  };
}
