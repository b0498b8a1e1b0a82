import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TravelMode } from '../src/domain/travel-types';
import { RESULTS_DIR } from './availability-report';
import { CITY_DISTRICTS, CORE_WEIGHT } from './city-districts';
import type { Policy, ReplayFigures } from './travel-replay';

// Results of `npm run bench -- travel`: travel.json (the figures) and travel.md, both committed.

export interface TravelResult {
  bench: 'travel';
  date: string;
  machine: { cpus: number; node: string };
  seconds: number;
  setup: {
    seed: number;
    weekStart: string;
    days: number;
    therapists: number;
    therapistsPerCity: number;
    modes: Record<TravelMode, number>;
    walkingLimitMinutes: number;
    customers: number;
    toleranceMinutes: number;
    flatGapMinutes: number;
    dayShapes: { from: number; to: number; weight: number }[];
    /** Working-window minutes of all therapists over the week. */
    workingMinutes: number;
    /** Treatment and turnaround minutes all customers want. */
    wantedMinutes: number;
  };
  policies: { label: string; policy: Policy; figures: ReplayFigures }[];
  /** Why the run fails its requirements; empty when it passes. */
  failures: string[];
}

const int = (n: number) => Math.round(n).toLocaleString('en-GB');
const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export function travelTable(result: TravelResult): string {
  const lines = [
    '| Policy | Bookings taken | Customers turned away | Infeasible transitions | of which from home | of transitions | Late by (estimate, mean) | Over own limit | Bookings per therapist-day | With customers (min/day) | On the road (min/day) | Idle (min/day) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const { label, figures: f } of result.policies) {
    const late = f.infeasible === 0 ? '–' : `${(f.lateMinutes / f.infeasible).toFixed(0)} min`;
    lines.push(
      `| ${label} | ${int(f.bookings)} | ${int(f.customers - f.bookings)} | ${int(f.infeasible)} | ` +
        `${int(f.infeasibleFromHome)} | ${f.transitions === 0 ? '–' : pct(f.infeasible / f.transitions)} | ${late} | ` +
        `${int(f.overOwnLimit)} | ${f.bookingsPerDay.toFixed(2)} | ` +
        `${f.withCustomersMinutesPerDay.toFixed(0)} | ${f.roadMinutesPerDay.toFixed(0)} | ` +
        `${f.idleMinutesPerDay.toFixed(0)} |`,
    );
  }
  return lines.join('\n');
}

function requirementLines(result: TravelResult): string[] {
  const flat = result.policies[1]?.figures;
  const aware = result.policies[2]?.figures;
  if (!flat || !aware) return ['- **FAIL**: the three policies were not all replayed'];
  const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');
  return [
    `- travel-aware has 0 infeasible transitions: ${int(aware.infeasible)}: ` +
      `**${verdict(aware.infeasible === 0)}**`,
    `- travel-aware has no journey over a therapist's own limit: ${int(aware.overOwnLimit)}: ` +
      `**${verdict(aware.overOwnLimit === 0)}**`,
    `- travel-aware takes more bookings than the flat ${result.setup.flatGapMinutes}-minute gap: ` +
      `${int(aware.bookings)} against ${int(flat.bookings)} ` +
      `(${aware.bookings >= flat.bookings ? '+' : ''}${pct(aware.bookings / flat.bookings - 1)}): ` +
      `**${verdict(aware.bookings > flat.bookings)}**`,
  ];
}

export function renderTravelMarkdown(result: TravelResult): string {
  const s = result.setup;
  const modes = Object.entries(s.modes)
    .map(([mode, n]) => `${mode.replace('_', ' ')} ${n}`)
    .join(', ');
  const shapes = s.dayShapes
    .map((d) => `${clock(d.from)}–${clock(d.to)} (weight ${d.weight})`)
    .join(', ');
  const area = (city: keyof typeof CITY_DISTRICTS) => {
    const { core, nearby } = CITY_DISTRICTS[city];
    return `${core[0]}–${core.at(-1)} (${core.length} districts) and nearby ${nearby.join(', ')}`;
  };
  return [
    '# Travel replay',
    '',
    'Written by `npm run bench -- travel` (bench/travel.ts, bench/travel-replay.ts); do not edit',
    'by hand. A simulation on the domain rules alone (no server, no database), so the three',
    'policies are compared on identical demand.',
    '',
    `Run at ${result.date.slice(0, 16).replace('T', ' ')} UTC on ${result.machine.cpus} cores, ` +
      `Node ${result.machine.node}: ${result.seconds.toFixed(1)} s for the three replays.`,
    '',
    travelTable(result),
    '',
    '- **Infeasible transition**: two consecutive bookings of one therapist on one day (or home and',
    '  the first booking of a working stretch) where the embedded estimate, rounded up to the',
    '  15-minute slot grid as the rules round it, says the therapist cannot leave the one (at its',
    '  end, turnaround included; from home at the start of the stretch) and arrive by the start of',
    '  the next. "Late by" is how far past that start the estimate has them arrive, on average.',
    '- **Over own limit**: journeys longer than the therapist’s own longest journey',
    `  (maxTravelMinutes: ${s.walkingLimitMinutes} min for those on foot, none for the others).`,
    '- **Per therapist-day**, averaged over every day a therapist has a working window, booked or',
    '  not: minutes with customers (treatment and the 15-minute turnaround), on the road (the',
    '  estimate’s journeys, unrounded, from home to the first booking and between bookings; the',
    '  journey home after the last one is not counted, as the rules ask none), and idle (the rest',
    '  of the working window; a journey that does not fit its gap leaves no idle time there).',
    '  Where journeys do not fit, the three add up to more than the working day: the therapist',
    '  would be on the road while the next customer waits.',
    '',
    'Requirements (the bench fails unless all hold):',
    '',
    ...requirementLines(result),
    ...(result.failures.length > 0 ? ['', `**FAILED**: ${result.failures.join('; ')}`] : []),
    '',
    '## Setup',
    '',
    `- Seed ${s.seed}; the ${s.days} days from Monday ${s.weekStart} (GMT all week; weekday` +
      ' peak bands 07:00–09:30 and 16:00–18:30 apply Monday to Friday).',
    `- ${s.therapists} therapists, ${s.therapistsPerCity} per city: Edinburgh ${area('edinburgh')};` +
      ` Newcastle ${area('newcastle')}. Home bases and customers’ addresses are drawn from those` +
      ` districts, a city district ${CORE_WEIGHT} times as likely as a nearby one.`,
    `- Travel modes: ${modes}. Those on foot keep to ${s.walkingLimitMinutes} minutes a journey;` +
      ' nobody lists covered districts.',
    `- Working windows, one a day: ${shapes}; four in five therapists take one day of the week off.` +
      ` ${int(s.workingMinutes / 60)} working hours in all.`,
    `- ${int(s.customers)} customers, arriving in a fixed random order, each with a city (even` +
      ' split), a district, a wanted day (Friday and Saturday busiest), a preferred start (weekdays:' +
      ' mornings 25%, 12:00–16:00 30%, 16:00–19:30 45%; weekends 09:00–18:00) and a treatment of' +
      ' 60–120 minutes (+15 turnaround). Together they want' +
      ` ${int(s.wantedMinutes / 60)} hours of treatment and turnaround, ` +
      `${pct(s.wantedMinutes / s.workingMinutes)} of the working hours before any journey: demand` +
      ' is above what the therapists can take, and most of all at the popular times.',
    `- Each customer books the offered start nearest their preferred one, at most` +
      ` ${s.toleranceMinutes} minutes either side, on the wanted day, with any therapist of their` +
      ' city; offered none, they go away. Therapists offering the same best start are chosen' +
      ' between by a number drawn with the customer, the same under every policy.',
    '- (a) plain computeSlots: each booking blocks its treatment and the 15-minute turnaround.',
    `- (b) each booking blocks its treatment plus ${s.flatGapMinutes} minutes (the 15-minute` +
      ' turnaround included): the next start is at least that long after a treatment ends; a' +
      ' booking may still end (with its turnaround) at the end of the working window. Home is not' +
      ' considered.',
    '- (c) computeSlots, then reachableSlots with the embedded estimate (DEFAULT_TRAVEL_CONFIG,' +
      ' the estimate the server uses without a routing engine), and only therapists servesDistrict' +
      ' accepts.',
    '- Assumptions: the estimate is the truth the replay judges by (it is deliberately' +
      ' pessimistic, so real journeys are mostly shorter); nobody cancels or reschedules; everyone' +
      ' books before the week starts, so the notice rule never bites.',
    '',
  ].join('\n');
}

export async function writeTravelResults(result: TravelResult): Promise<void> {
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(path.join(RESULTS_DIR, 'travel.json'), `${JSON.stringify(result, null, 2)}\n`);
  await writeFile(path.join(RESULTS_DIR, 'travel.md'), renderTravelMarkdown(result));
  process.stdout.write(`\n${travelTable(result)}\n\n${requirementLines(result).join('\n')}\n`);
  process.stdout.write(`\nWrote ${path.relative(process.cwd(), RESULTS_DIR)}/travel.md\n`);
}
