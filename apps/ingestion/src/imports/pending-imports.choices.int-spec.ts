import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { type ImportCommits } from './import-commits';
import { type FlightsRepository, PendingImportsRepository } from '@pft/logbook';
import { type ImportChoices } from '@pft/logbook/domain';
import { withTestDataSource } from '@pft/testing';
import { fixture } from '@pft/testing/import-fixtures';
import { PendingImports } from './pending-imports.service';

/** Choices of one import sent at the same time, on a real Postgres. */
describe('an import’s choices sent at the same time', () => {
  let ds: DataSource;
  withTestDataSource(4, (made) => (ds = made));

  /** The service over `imports`; committing is not used here. */
  const serviceOver = (imports: PendingImportsRepository) =>
    new PendingImports(ds, {} as ImportCommits, imports, {} as FlightsRepository);

  const uploaded = async (): Promise<{ pilot: string; importId: string }> => {
    const pilot = randomUUID();
    const importId = randomUUID();
    const stored = await new PendingImportsRepository().insert(ds, {
      importId,
      pilot,
      format: 'columns',
      bytes: Buffer.from(fixture('columns-logten.tsv')),
    });
    expect(stored).toBe(true);
    return { pilot, importId };
  };
  const storedChoices = async (importId: string): Promise<ImportChoices> => {
    const rows: { choices: ImportChoices }[] = await ds.query(
      'select choices from pending_imports where import_id = $1',
      [importId],
    );
    return rows[0]!.choices;
  };

  it('are each merged into the other’s, none lost, when both read the same earlier choices', async () => {
    const { pilot, importId } = await uploaded();
    // Both requests read the import before either saves: the second to save finds other choices saved.
    const imports = new PendingImportsRepository();
    const find = imports.find.bind(imports);
    let reads = 0;
    let bothRead!: () => void;
    const barrier = new Promise<void>((resolve) => (bothRead = resolve));
    imports.find = async (...args) => {
      const found = await find(...args);
      if (++reads === 2) bothRead();
      if (reads <= 2) await barrier;
      return found;
    };
    const service = serviceOver(imports);
    const answers = await Promise.all([
      service.choose(pilot, importId, { date_order: 'dmy' }),
      service.choose(pilot, importId, { columns: { registration: 'Aircraft ID' } }),
    ]);
    expect(reads).toBe(3);
    expect(await storedChoices(importId)).toMatchObject({
      date_order: 'dmy',
      columns: { registration: 'Aircraft ID' },
    });
    // The answer of the one saved last holds both.
    expect(answers.map((a) => [a.date_order, a.columns.registration])).toContainEqual(['dmy', 'Aircraft ID']);
  });

  it('answer IMPORT_NOT_FOUND when the import expired between its read and the save', async () => {
    const { pilot, importId } = await uploaded();
    const imports = new PendingImportsRepository();
    const save = imports.saveChoices.bind(imports);
    imports.saveChoices = async (...args) => {
      await ds.query(
        "update pending_imports set expires_at = now() - interval '1 second' where import_id = $1",
        [importId],
      );
      return save(...args);
    };
    await expect(serviceOver(imports).choose(pilot, importId, { date_order: 'dmy' })).rejects.toMatchObject({
      code: 'IMPORT_NOT_FOUND',
    });
  });
});
