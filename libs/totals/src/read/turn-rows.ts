/** Every id of the lists, once. */
export function distinct(idLists: readonly (readonly string[])[]): string[] {
  return idLists.length === 1 ? [...idLists[0]!] : [...new Set(idLists.flat())];
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
