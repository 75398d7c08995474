/**
 * A Postgres array literal built in one pass. node-postgres quotes and escapes every element of an
 * array parameter on its own (two regular expressions each), and a batch sends arrays of tens of
 * thousands of elements. Only for elements that never need quoting: numbers, uuids, ISO dates,
 * the lower-case words of a closed set (flight kinds, aircraft categories); null stands for NULL.
 */
export function unquotedArrayLiteral(values: readonly (string | number | null)[]): string {
  let literal = '{';
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i];
    literal += (i === 0 ? '' : ',') + (value === null || value === undefined ? 'NULL' : String(value));
  }
  return literal + '}';
}

/** An array literal of integer arrays, as `text[]` whose elements are cast one by one. */
export function integerArraysLiteral(arrays: readonly (readonly number[])[]): string {
  let literal = '{';
  for (let i = 0; i < arrays.length; i += 1) literal += `${i === 0 ? '' : ','}"{${arrays[i]!.join(',')}}"`;
  return literal + '}';
}
