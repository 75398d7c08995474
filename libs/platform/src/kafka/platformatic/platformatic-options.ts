/**
 * The object without its undefined properties: the client validates its options against a schema,
 * which rejects a property present with no value where the port leaves it to the client's default.
 */
export function withoutUndefined<T extends object>(options: T): T {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as T;
}
