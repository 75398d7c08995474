import { createHash } from 'node:crypto';
import { type Pool, type PoolClient } from 'pg';
import { type DataSource, type EntityManager, type QueryRunner } from 'typeorm';
// From its own file: TypeORM's entry point loads the whole library (about 0.1 s of CPU), which a process
// running statements on a pg connection of its own (the standalone relay) needs nothing else of.
import { InstanceChecker } from 'typeorm/util/InstanceChecker';
import { type Queryable } from './queryable';
import { rowsOf } from './rows-of';

/**
 * Where a statement runs: the pool (a DataSource, or an EntityManager of none), or the one connection
 * a QueryRunner, or an EntityManager made on one (a transaction's), is bound to.
 */
export type StatementTarget = DataSource | EntityManager | QueryRunner;

/** Postgres's refusal of a saved statement whose tables changed the shape of its result. */
function isStalePlan(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown };
  return (
    e.code === '0A000' && typeof e.message === 'string' && e.message.includes('must not change result type')
  );
}

const isEntityManager = (target: StatementTarget): target is EntityManager =>
  (target as { '@instanceof'?: symbol })['@instanceof'] === Symbol.for('EntityManager');

const poolOf = (dataSource: DataSource): Pool | undefined =>
  (dataSource.driver as unknown as { master?: Pool }).master;

const boundConnectionOf = (runner: QueryRunner): PoolClient | undefined =>
  (runner as unknown as { databaseConnection?: PoolClient }).databaseConnection;

/** The pool or the bound connection to run on; undefined when the bound connection is not open yet. */
function clientOf(target: StatementTarget): Pool | PoolClient | undefined {
  if (InstanceChecker.isDataSource(target)) return poolOf(target);
  if (isEntityManager(target)) {
    return target.queryRunner ? boundConnectionOf(target.queryRunner) : poolOf(target.connection);
  }
  return boundConnectionOf(target);
}

/**
 * A statement run on every request, which Postgres plans once per connection and then reuses (a named
 * prepared statement) instead of planning it afresh on each call: for the partner read of 50 pilots,
 * planning took longer than running it.
 *
 * A view replaced with other columns (a rebuild switching versions) makes Postgres refuse the saved
 * statement ("cached plan must not change result type"); it is then prepared again under a new name,
 * once per connection, and the call goes through.
 */
export class PreparedStatement {
  private generation = 0;

  constructor(
    private readonly name: string,
    private readonly text: string,
  ) {}

  async rows<T>(target: StatementTarget, values: unknown[]): Promise<T[]> {
    const client = clientOf(target);
    // A query runner not connected yet connects on its first query: that one goes through TypeORM.
    if (!client) return rowsOf<T>(await target.query(this.text, values));
    const generation = this.generation;
    try {
      return (await client.query({ name: `${this.name}-${generation}`, text: this.text, values }))
        .rows as T[];
    } catch (err) {
      if (!isStalePlan(err)) throw err;
      if (this.generation === generation) this.generation++;
      return (await client.query({ name: `${this.name}-${this.generation}`, text: this.text, values }))
        .rows as T[];
    }
  }
}

/** Statements prepared by `queryPrepared`, by text; bounded, as a guard against texts built per call. */
const byText = new Map<string, PreparedStatement>();
const MAX_TEXTS = 100;

/** True for what `PreparedStatement` can run on: a TypeORM DataSource, EntityManager or QueryRunner. */
function isStatementTarget(runner: unknown): runner is StatementTarget {
  const r = runner as { driver?: unknown; connection?: { driver?: unknown } };
  return r.driver !== undefined || r.connection?.driver !== undefined;
}

/**
 * The rows of `text` run as a prepared statement named after the text (see PreparedStatement), when
 * `runner` is a TypeORM DataSource, EntityManager or QueryRunner; any other runner (a pg client in a test) runs
 * it as a plain query. For statements whose rows the caller reads: the rows are handed back as they
 * are, whatever the statement's command.
 */
export async function queryPrepared<T>(runner: Queryable, text: string, values: unknown[]): Promise<T[]> {
  if (!isStatementTarget(runner)) {
    return rowsOf<T>(await runner.query(text, values));
  }
  let statement = byText.get(text);
  if (!statement) {
    if (byText.size >= MAX_TEXTS) byText.clear();
    statement = new PreparedStatement(
      `pft-${createHash('sha1').update(text).digest('hex').slice(0, 16)}`,
      text,
    );
    byText.set(text, statement);
  }
  return statement.rows<T>(runner, values);
}
