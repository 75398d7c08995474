import { type Queryable } from '@pft/platform';

/**
 * The erasure step for the pilot's access history (who read the pilot's data and when): the access
 * history (GET /pilot/v1/access-history) is being built apart, and plugs its delete in here. Until then
 * there is nothing to delete.
 */
export function deleteAccessHistory(_db: Queryable, _pilot: string): Promise<void> {
  return Promise.resolve();
}
