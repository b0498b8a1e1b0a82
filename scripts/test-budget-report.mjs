// The run's time against its budget (scripts/test-budget.json, decision 0098): one line per layer,
// the total, and a banner naming every layer over its budget. A report, not a test: a slow machine
// does not fail the run, but nobody can miss that the run has grown.

/**
 * @typedef {{ id: string, name: string, seconds: number | null }} BudgetLayer
 * @typedef {{ layers: BudgetLayer[], totalSeconds: number }} Budget
 */

const pad = (text, width) => String(text).padEnd(width);
const secs = (n) => `${Math.round(n)} s`;

/**
 * @param {Record<string, number>} measured seconds by layer id; a layer not run is left out
 * @param {Budget} budget
 * @returns {string[]}
 */
export function budgetReport(measured, budget) {
  const lines = ['Time against the budget (scripts/test-budget.json, for a 2-core machine):'];
  const over = [];
  let total = 0;
  for (const layer of budget.layers) {
    const took = measured[layer.id];
    if (typeof took !== 'number') {
      lines.push(`  ${pad(layer.name, 30)} ${pad('not measured', 9)}`);
      continue;
    }
    total += took;
    const limit = layer.seconds === null ? 'counts towards the total' : `of ${secs(layer.seconds)}`;
    const excess = layer.seconds !== null && took > layer.seconds ? took - layer.seconds : 0;
    if (excess > 0) over.push(`${layer.name} took ${secs(took)} of ${secs(layer.seconds)}`);
    lines.push(
      `  ${pad(layer.name, 30)} ${pad(secs(took), 9)} ${limit}${excess > 0 ? `   OVER by ${secs(excess)}` : ''}`,
    );
  }
  const totalExcess = total - budget.totalSeconds;
  if (totalExcess > 0)
    over.push(`the whole run took ${secs(total)} of ${secs(budget.totalSeconds)}`);
  lines.push(
    `  ${pad('total', 30)} ${pad(secs(total), 9)} of ${secs(budget.totalSeconds)}${totalExcess > 0 ? `   OVER by ${secs(totalExcess)}` : ''}`,
  );
  if (over.length > 0) {
    const banner = '!'.repeat(78);
    lines.push(
      banner,
      `!!! OVER BUDGET: ${over.join('; ')}.`,
      '!!! The run has grown past what CI allows for it: find the cause in the costliest files',
      '!!! below before adding more (docs/decisions/0098 says where depth belongs).',
      banner,
    );
  }
  return lines;
}
