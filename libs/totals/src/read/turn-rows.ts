/** Every id of the lists, once. */
export function distinct(idLists: readonly (readonly string[])[]): string[] {
  return idLists.length === 1 ? [...idLists[0]!] : [...new Set(idLists.flat())];
}

/** The fewest entries of a list of ids from genericPlanIds: Postgres costs a generic plan's `any($n)` at ten. */
export const GENERIC_PLAN_IDS = 10;

/**
 * `ids` (at least one) for a prepared statement's `= any($n::uuid[])`, repeated up to GENERIC_PLAN_IDS
 * entries: the same set, so the same rows. Postgres keeps a statement's generic plan only when it
 * looks no dearer than one made for the values at hand, and it costs the generic plan's list at ten
 * entries: a shorter list had the statement planned afresh at each execution, which for the
 * experience read (its views, its flights' subquery) took several times the execution's own CPU.
 */
export function genericPlanIds(ids: readonly string[]): string[] {
  if (ids.length === 0) throw new Error('a list of ids for a generic plan needs at least one id');
  const filled = [...ids];
  for (let i = 0; filled.length < GENERIC_PLAN_IDS; i++) filled.push(ids[i % ids.length]!);
  return filled;
}

/** Each shared statement's rows by pilot id, made by the first of its requests to take its own. */
const rowsById = new WeakMap<readonly { pilot_id: string }[], Map<string, { pilot_id: string }>>();

/**
 * The rows of a statement shared by several requests (TurnBatches) that are about `pilotIds` (distinct
 * ids), in the order of `pilotIds`. The statement's rows are indexed once for all its requests: each
 * request going through all of them cost a turn of n requests n² look-ups.
 */
export function ownRows<Row extends { pilot_id: string }>(
  { result, size }: { result: Row[]; size: number },
  pilotIds: readonly string[],
): Row[] {
  if (size === 1) return result;
  let byId = rowsById.get(result) as Map<string, Row> | undefined;
  if (byId === undefined) {
    byId = new Map(result.map((row) => [row.pilot_id, row]));
    rowsById.set(result, byId);
  }
  const own: Row[] = [];
  for (const pilotId of pilotIds) {
    const row = byId.get(pilotId);
    if (row !== undefined) own.push(row);
  }
  return own;
}
