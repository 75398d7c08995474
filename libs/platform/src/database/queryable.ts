/**
 * Anything that runs SQL: a TypeORM DataSource, EntityManager or QueryRunner, a pg client or pool.
 * TypeORM answers with the rows and pg with a result holding them (`rowsOf` reads either).
 */
export interface Queryable {
  query(text: string, parameters?: unknown[]): Promise<unknown>;
}
