import { sql, type SQL } from 'drizzle-orm';
import { baseTreatmentIds, selectionProblems, type Catalogue } from '../../domain/selection';
import type { CatalogueTreatment } from '../../domain/types';
import { badRequest, type FieldError } from '../http/problem';
import type { Bound } from '../db/query-rows';

export interface SelectedTreatment extends CatalogueTreatment {
  name: string;
}

export interface Selection {
  ids: string[];
  items: SelectedTreatment[];
  baseIds: string[];
}

function problemMessages(catalogue: Catalogue, ids: string[], field: string): FieldError[] {
  return selectionProblems(ids, catalogue).map((p) => {
    switch (p.kind) {
      case 'empty':
        return { field, message: 'Choose at least one treatment.' };
      case 'unknown':
        return { field, message: `Unknown treatments: ${p.ids.join(', ')}.` };
      case 'duplicate':
        return { field, message: `Each treatment can be chosen once: ${p.ids.join(', ')}.` };
      case 'add-on-without-parent':
        return {
          field,
          message: `Add-ons need one of their main treatments in the booking: ${p.ids.join(', ')}.`,
        };
    }
  });
}

/**
 * The selected treatments (prices from the database, never the client), each with the ids of its
 * add-ons, as one JSON array inside a statement that reads more besides (the hold's, the
 * availability search's); selectionOf then checks the selection rules. The ids travel as one
 * array parameter, so the statement's text is the same for any selection and can be prepared.
 */
export function selectionJsonQuery(ids: Bound<string[]>): SQL {
  return sql`coalesce((
      select json_agg(json_build_object(
               'id', t.id, 'name', t.name, 'pricePence', t.price_pence,
               'durationMinutes', t.duration_minutes, 'isAddOn', t.is_add_on,
               'addOnIds', array(select a.add_on_id from treatment_add_on a
                                 where a.parent_id = t.id)))
      from treatment t where t.id = any(${sql.param(ids)}::text[]) and t.active), '[]'::json)`;
}

/** Checks the selection rules against the rows read, in the order the customer chose. */
export function selectionOf(
  ids: string[],
  rows: readonly SelectedTreatment[],
  field: string,
): Selection {
  const catalogue = new Map<string, SelectedTreatment>(rows.map((r) => [r.id, r]));
  const errors = problemMessages(catalogue, ids, field);
  if (errors.length > 0) throw badRequest(errors.map((e) => e.message).join(' '), errors);
  return {
    ids,
    items: ids.map((id) => catalogue.get(id)).filter((t): t is SelectedTreatment => !!t),
    baseIds: baseTreatmentIds(ids, catalogue),
  };
}
