import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it, expect } from 'vitest';
import { catalogueDocumentSchema, type TherapistRecord } from '../../contract/catalogue-document';
import { demoAvailability } from './demo-availability';
import {
  buildDemoCatalogue,
  DEMO_CATALOGUE_FILE,
  loadDemoCatalogueDocument,
} from './demo-catalogue';
import { validateCatalogueDocument } from './validate-catalogue';

const TODAY = new Date('2026-11-21T10:00:00Z');
const CATEGORIES = ['Massage', 'Nails', 'Lashes & Brows', 'Hair', 'Facials', 'Waxing', 'Make-up'];

const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** { date: 'YYYY-MM-DD', time: 'HH:MM' } of an instant as seen on a clock in London. */
function inLondon(iso: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    londonParts.formatToParts(new Date(iso)).map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const words = (text: string) => text.trim().split(/\s+/).length;

const catalogue = catalogueDocumentSchema.parse(buildDemoCatalogue(TODAY));
const { cities, treatments, therapists } = catalogue;
const treatmentById = new Map(treatments.map((t) => [t.id, t]));
const visible = (t: TherapistRecord) => t.active && t.paymentsConnected;

describe('demo catalogue', () => {
  it('is a JSON document that the import validator accepts on an empty database', () => {
    const raw: unknown = JSON.parse(readFileSync(DEMO_CATALOGUE_FILE, 'utf8'));
    const empty = { cityIds: new Set<string>(), treatmentIds: new Map(), usernames: new Map() };
    const result = validateCatalogueDocument(raw, empty);
    expect(result.ok ? [] : result.problems).toEqual([]);
    // Availability is generated for the current dates, never stored in the file.
    expect(JSON.stringify(raw)).not.toContain('"availability"');
  });

  it('refuses to load an invalid file, naming every problem with its JSON path', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'demo-catalogue-'));
    const file = path.join(dir, 'broken.json');
    const raw = JSON.parse(readFileSync(DEMO_CATALOGUE_FILE, 'utf8')) as {
      treatments: { pricePence: unknown }[];
      therapists: { area: string }[];
    };
    const [firstTreatment] = raw.treatments;
    const [firstTherapist] = raw.therapists;
    if (!firstTreatment || !firstTherapist) throw new Error('empty demo catalogue');
    firstTreatment.pricePence = 'free';
    firstTherapist.area = 'atlantis';
    writeFileSync(file, JSON.stringify(raw));
    expect(() => loadDemoCatalogueDocument(file)).toThrow(
      /\$\.treatments\[0\]\.pricePence: [^\n]+\n.*\$\.therapists\[0\]\.area: no city "atlantis"/s,
    );
  });

  it('is deterministic', () => {
    expect(buildDemoCatalogue(TODAY)).toEqual(buildDemoCatalogue(new Date(TODAY.getTime())));
  });

  it('has Edinburgh and Newcastle', () => {
    expect(cities.map((c) => [c.slug, c.name])).toEqual([
      ['edinburgh', 'Edinburgh'],
      ['newcastle', 'Newcastle'],
    ]);
  });

  it('has at least 28 treatments in the 7 categories, grouped and ordered 1..n', () => {
    expect(treatments.length).toBeGreaterThanOrEqual(28);
    const categories = [...new Set(treatments.map((t) => t.category))];
    expect(categories.length).toBeGreaterThanOrEqual(7);
    expect([...categories].sort()).toEqual([...CATEGORIES].sort());

    expect(treatments.map((t) => t.order)).toEqual(treatments.map((_, i) => i + 1));
    // Grouped: once a category ends it never reappears.
    const seen: string[] = [];
    for (const t of treatments) {
      if (seen[seen.length - 1] !== t.category) {
        expect(seen).not.toContain(t.category);
        seen.push(t.category);
      }
    }
    expect(seen[0]).toBe('Massage');
  });

  it('has unique kebab-case ids, sensible prices and real descriptions', () => {
    const ids = treatments.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const t of treatments) {
      expect(t.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(words(t.description), t.id).toBeGreaterThan(10);
      expect(words(t.description), t.id).toBeGreaterThanOrEqual(15);
      expect(words(t.description), t.id).toBeLessThanOrEqual(35);
      expect(t.description.toLowerCase()).not.toContain('lorem');
      expect(t.pricePence, t.id).toBeGreaterThanOrEqual(500);
      expect(t.pricePence, t.id).toBeLessThanOrEqual(20000);
      expect(t.durationMinutes % 5, t.id).toBe(0);
    }
    expect(treatmentById.get('swedish-massage-60')?.pricePence).toBe(6500);
    expect(treatmentById.get('gel-manicure')?.pricePence).toBe(3200);
  });

  it('has at least 6 add-ons, each listed by a parent of its own category', () => {
    const addOns = treatments.filter((t) => t.addOn);
    expect(addOns.length).toBeGreaterThanOrEqual(6);
    for (const addOn of addOns) {
      expect(addOn.addOnIds, addOn.id).toEqual([]);
      const parents = treatments.filter((t) => (t.addOnIds ?? []).includes(addOn.id));
      expect(parents.length, addOn.id).toBeGreaterThanOrEqual(1);
      for (const parent of parents) {
        expect(parent.addOn).toBe(false);
        expect(parent.category).toBe(addOn.category);
      }
    }
    for (const t of treatments) {
      for (const addOnId of t.addOnIds ?? []) {
        expect(treatmentById.get(addOnId)?.addOn, `${t.id} -> ${addOnId}`).toBe(true);
      }
    }
  });

  it('has at least 20 therapists, about 10 per city, with unique ids and usernames', () => {
    expect(therapists.length).toBeGreaterThanOrEqual(20);
    for (const city of ['edinburgh', 'newcastle']) {
      const inCity = therapists.filter((t) => t.area === city);
      expect(inCity.length).toBeGreaterThanOrEqual(9);
      expect(inCity.length).toBeLessThanOrEqual(13);
    }
    const ids = therapists.map((t) => t.id);
    const usernames = therapists.map((t) => t.username);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(usernames).size).toBe(usernames.length);
    for (const t of therapists) {
      expect(t.id).toBe(`t-${t.username}`);
      expect(t.username).toMatch(/^[a-z]+$/);
      expect(t.photoUrl).toBeNull();
      expect(t.genders.length).toBeGreaterThan(0);
      const sentences = t.bio.split(/(?<=\.)\s+/).length;
      expect(sentences, t.id).toBeGreaterThanOrEqual(2);
      expect(sentences, t.id).toBeLessThanOrEqual(3);
      if (t.paymentsConnected) expect(t.paymentAccountId).toBe(`acct_demo_${t.username}`);
      if (t.minimumSpendPence !== null) expect([4000, 5000]).toContain(t.minimumSpendPence);
    }
    expect(therapists.filter((t) => t.minimumSpendPence !== null).length).toBeGreaterThan(0);
    expect(therapists.some((t) => t.genders.length === 1 && t.genders[0] === 'female')).toBe(true);
  });

  it('only offers treatments that exist, including the add-ons of what they offer', () => {
    for (const t of therapists) {
      expect((t.serviceIds ?? []).length, t.id).toBeGreaterThan(0);
      for (const id of t.serviceIds ?? []) {
        expect(treatmentById.has(id), `${t.id} offers ${id}`).toBe(true);
      }
      // Any add-on offered has at least one offered parent.
      for (const id of (t.serviceIds ?? []).filter((s) => treatmentById.get(s)?.addOn)) {
        const hasParent = (t.serviceIds ?? []).some((s) =>
          treatmentById.get(s)?.addOnIds?.includes(id),
        );
        expect(hasParent, `${t.id} offers ${id} without a parent`).toBe(true);
      }
    }
  });

  it('makes every treatment bookable in both cities by at least 2 visible therapists', () => {
    for (const city of ['edinburgh', 'newcastle']) {
      const visibleHere = therapists.filter((t) => t.area === city && visible(t));
      for (const treatment of treatments.filter((t) => !t.addOn)) {
        const offering = visibleHere.filter((t) => (t.serviceIds ?? []).includes(treatment.id));
        expect(offering.length, `${treatment.id} in ${city}`).toBeGreaterThanOrEqual(2);
      }
      // Business accounts see some therapists in each city.
      expect(visibleHere.filter((t) => t.business).length).toBeGreaterThanOrEqual(2);
    }
    const businessShare = therapists.filter((t) => t.business).length / therapists.length;
    expect(businessShare).toBeGreaterThan(0.2);
    expect(businessShare).toBeLessThan(0.5);
  });

  it('has an inactive and a payments-not-connected therapist in each city, with services and availability', () => {
    for (const city of ['edinburgh', 'newcastle']) {
      const inCity = therapists.filter((t) => t.area === city);
      const inactive = inCity.filter((t) => !t.active);
      const unpaid = inCity.filter((t) => t.active && !t.paymentsConnected);
      expect(inactive.length, city).toBeGreaterThanOrEqual(1);
      expect(unpaid.length, city).toBeGreaterThanOrEqual(1);
      for (const hidden of [...inactive, ...unpaid]) {
        expect((hidden.serviceIds ?? []).length).toBeGreaterThan(0);
        expect((hidden.availability ?? []).length).toBeGreaterThan(0);
      }
      for (const t of unpaid) expect(t.paymentAccountId ?? null).toBeNull();
      expect(inCity.filter(visible).length).toBeGreaterThanOrEqual(8);
    }
  });

  it('gives every therapist availability only within today .. today + 36 days (UK dates)', () => {
    const first = inLondon(TODAY.toISOString()).date;
    const last = addDays(first, 36);
    expect(first).toBe('2026-11-21');
    expect(last).toBe('2026-12-27');
    const datesSeen = new Set<string>();
    for (const t of therapists) {
      expect((t.availability ?? []).length, t.id).toBeGreaterThan(0);
      expect(t.availability ?? []).toEqual(demoAvailability(t.id, TODAY, 37));
      for (const w of t.availability ?? []) {
        const start = inLondon(w.start);
        const end = inLondon(w.end);
        expect(start.date >= first && start.date <= last, `${t.id} ${w.start}`).toBe(true);
        expect(end.date, `${t.id} ${w.start}`).toBe(start.date);
        expect(Date.parse(w.end)).toBeGreaterThan(Date.parse(w.start));
        datesSeen.add(start.date);
      }
    }
    expect(datesSeen.has(first)).toBe(true);
    expect(datesSeen.has(last)).toBe(true);
  });
});

describe('demoAvailability', () => {
  const summerFrom = new Date('2026-06-29T12:00:00Z'); // a Monday, BST
  const ids = buildDemoCatalogue(TODAY).therapists?.map((t) => t.id) ?? [];

  it('is deterministic and varies between therapists', () => {
    expect(demoAvailability('t-isla', summerFrom, 14)).toEqual(
      demoAvailability('t-isla', summerFrom, 14),
    );
    const shapes = new Set(
      ids.map((id) =>
        demoAvailability(id, summerFrom, 7)
          .map((w) => `${inLondon(w.start).date}/${inLondon(w.start).time}-${inLondon(w.end).time}`)
          .join(','),
      ),
    );
    expect(shapes.size).toBeGreaterThanOrEqual(5);
    // Some therapists have a split day (two windows on one date).
    const split = ids.some((id) => {
      const dates = demoAvailability(id, summerFrom, 7).map((w) => inLondon(w.start).date);
      return new Set(dates).size < dates.length;
    });
    expect(split).toBe(true);
  });

  it('keeps local wall-clock times across the clocks change', () => {
    // From late June to mid December: spans the October change from BST to GMT.
    let found = 0;
    for (const id of ids) {
      const windows = demoAvailability(id, summerFrom, 170);
      for (const w of windows) {
        const start = inLondon(w.start);
        const end = inLondon(w.end);
        expect(start.time >= '08:00' && start.time <= '16:00', `${id} ${w.start}`).toBe(true);
        expect(end.time >= '12:00' && end.time <= '20:00', `${id} ${w.end}`).toBe(true);
        expect(start.time.endsWith(':00') || start.time.endsWith(':30')).toBe(true);
      }
      const starts = new Set(windows.map((w) => w.start));
      if (starts.has('2026-07-01T08:00:00.000Z') && starts.has('2026-12-01T09:00:00.000Z')) {
        found += 1;
        expect(inLondon('2026-07-01T08:00:00.000Z').time).toBe('09:00');
        expect(inLondon('2026-12-01T09:00:00.000Z').time).toBe('09:00');
      }
    }
    // At least one therapist works 09:00 London time on both a summer and a winter date.
    expect(found).toBeGreaterThan(0);
  });

  it('uses UK calendar days, not UTC days', () => {
    // 23:30Z on 1 July is 00:30 on 2 July in London.
    const late = new Date('2026-07-01T23:30:00Z');
    for (const id of ids) {
      for (const w of demoAvailability(id, late, 1)) {
        expect(inLondon(w.start).date).toBe('2026-07-02');
      }
    }
    expect(ids.some((id) => demoAvailability(id, late, 1).length > 0)).toBe(true);
  });

  it('returns nothing for zero days', () => {
    expect(demoAvailability('t-isla', summerFrom, 0)).toEqual([]);
  });
});
