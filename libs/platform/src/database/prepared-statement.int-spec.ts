import { Client } from 'pg';
import { type DataSource } from 'typeorm';
import { createDataSource } from './data-source';
import { createTestDatabase, type TestDatabase } from '@pft/testing';
import { PreparedStatement, queryPrepared } from './prepared-statement';

describe('prepared statements (Postgres)', () => {
  let db: TestDatabase;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await createDataSource(db.url, 2).initialize();
    await ds.query(`create table prepared_probe (id int primary key, label text not null)`);
    await ds.query(`insert into prepared_probe values (1, 'one'), (2, 'two')`);
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  /** The named statements Postgres holds on the connection that runs this. */
  const preparedHere = `select name from pg_prepared_statements where name like 'probe-%'`;

  it('runs on the pool and is kept prepared on the connection that ran it', async () => {
    const byId = new PreparedStatement('probe-by-id', 'select id, label from prepared_probe where id = $1');
    expect(await byId.rows(ds, [2])).toEqual([{ id: 2, label: 'two' }]);
    // Each of the pool's connections prepares it the first time it runs it; from then on it is reused.
    await Promise.all([byId.rows(ds, [1]), byId.rows(ds, [1]), byId.rows(ds, [1])]);
    const seen = await ds.transaction(async (m) => {
      await byId.rows(m, [1]);
      return new PreparedStatement('probe-list', preparedHere).rows<{ name: string }>(m, []);
    });
    expect(seen.map((r) => r.name)).toContain('probe-by-id-0');
  });

  it('runs inside a transaction on its connection: it sees what the transaction wrote, and a rollback undoes it', async () => {
    const byId = new PreparedStatement('probe-in-tx', 'select label from prepared_probe where id = $1');
    await expect(
      ds.transaction(async (m) => {
        await m.query(`insert into prepared_probe values (3, 'three')`);
        expect(await byId.rows(m, [3])).toEqual([{ label: 'three' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await byId.rows(ds, [3])).toEqual([]);
  });

  it('runs on the connection of a query runner, before and after it has connected', async () => {
    const byId = new PreparedStatement('probe-runner', 'select label from prepared_probe where id = $1');
    const runner = ds.createQueryRunner();
    try {
      // Not connected yet: the first statement connects it.
      expect(await byId.rows(runner, [1])).toEqual([{ label: 'one' }]);
      await runner.startTransaction();
      await runner.query(`insert into prepared_probe values (4, 'four')`);
      expect(await byId.rows(runner, [4])).toEqual([{ label: 'four' }]);
      expect(await byId.rows(ds, [4])).toEqual([]);
      await runner.rollbackTransaction();
    } finally {
      await runner.release();
    }
  });

  it('is prepared again when a view under it changes the shape of its rows', async () => {
    await ds.query(`create view probe_view as select id, label from prepared_probe`);
    const fromView = new PreparedStatement('probe-view', 'select * from probe_view where id = $1');
    // Prepared on every connection of the pool before the view changes.
    await Promise.all([fromView.rows(ds, [1]), fromView.rows(ds, [1])]);
    await ds.query(
      `create or replace view probe_view as select id, label, label || '!' as shout from prepared_probe`,
    );
    expect(await fromView.rows(ds, [1])).toEqual([{ id: 1, label: 'one', shout: 'one!' }]);
    const again = await Promise.all([fromView.rows(ds, [2]), fromView.rows(ds, [2])]);
    expect(again).toEqual([
      [{ id: 2, label: 'two', shout: 'two!' }],
      [{ id: 2, label: 'two', shout: 'two!' }],
    ]);
  });

  it("hands Postgres's errors on with their code", async () => {
    const insert = new PreparedStatement(
      'probe-insert',
      'insert into prepared_probe values ($1, $2) returning id',
    );
    await expect(insert.rows(ds, [1, 'again'])).rejects.toMatchObject({
      code: '23505',
      constraint: 'prepared_probe_pkey',
    });
  });

  it('queryPrepared names a statement after its text, and runs it as a plain query on a bare pg client', async () => {
    const text = 'select label from prepared_probe where id = $1';
    expect(await queryPrepared(ds, text, [1])).toEqual([{ label: 'one' }]);
    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      expect(await queryPrepared(client, text, [2])).toEqual([{ label: 'two' }]);
      const { rows } = await client.query<{ count: string }>(`select count(*) from pg_prepared_statements`);
      expect(rows[0]!.count).toBe('0');
    } finally {
      await client.end();
    }
  });
});
