import { randomUUID } from 'node:crypto';
import { createDataSource } from '@pft/platform/database/data-source';
import { createTestDatabase } from '@pft/testing';
import { type ExperienceGroup } from '@pft/totals/domain/experience/experience-aggregates';
import { groupKeyOf, storedGroupKeys } from '@pft/totals/domain/experience/experience-group-key';
import { MIGRATIONS } from './migrations';

const group = (over: Partial<ExperienceGroup>): ExperienceGroup => ({
  kind: 'flight',
  category: 'airplane',
  rating_key: 'SEP_LAND',
  type_designator: 'C172',
  engine: 'piston',
  features: [],
  ...over,
});

/** Pilots' groups as the fold stores them: none known, none yet, and groups whose free text holds every escape. */
const PILOTS: (ExperienceGroup[] | null)[] = [
  null,
  [],
  [
    group({}),
    group({ kind: 'simulator', rating_key: null, type_designator: null, engine: 'unknown' }),
    group({
      category: 'helicopter',
      rating_key: 'a\tb\\c\nd\\t\\',
      features: ['complex', 'high_performance'],
    }),
    group({ rating_key: '\\\\n', type_designator: 'B7\\8' }),
  ],
];

/**
 * 1763807200000-experience-groups-as-text on rows holding groups: undone, each row's groups are the
 * JSON they were; done again, the very text the fold wrote.
 */
describe('the experience groups stored as text (real Postgres)', () => {
  it('turns them into JSON and back without changing one character', async () => {
    const db = await createTestDatabase({ migrate: false });
    const ds = await createDataSource(db.url, 1, MIGRATIONS).initialize();
    try {
      await ds.runMigrations({ transaction: 'each' });
      const ids = PILOTS.map(() => randomUUID());
      const stored = PILOTS.map((groups) =>
        groups === null ? null : storedGroupKeys(groups.map(groupKeyOf)),
      );
      await ds.query(
        `insert into pilot_totals_v1 (pilot_account_id, stream_version, kafka_partition, updated_at, experience_groups)
         select id, 1, 0, now(), groups from unnest($1::uuid[], $2::text[]) as u (id, groups)`,
        [ids, stored],
      );
      const groupsOfRows = async () =>
        (
          await ds.query<{ groups: unknown }[]>(
            `select experience_groups as groups from pilot_totals_v1 join unnest($1::uuid[]) with ordinality as u (id, i)
                 on pilot_account_id = u.id order by u.i`,
            [ids],
          )
        ).map((row) => row.groups);

      // Undone back to before it: the migrations after it first, the last first.
      const later =
        ds.migrations.length -
        ds.migrations.findIndex((m) => m.name === 'ExperienceGroupsAsText1763807200000');
      expect(later).toBeLessThanOrEqual(ds.migrations.length);
      for (let n = 0; n < later; n++) await ds.undoLastMigration({ transaction: 'each' });
      expect(await groupsOfRows()).toEqual(PILOTS);

      await ds.runMigrations({ transaction: 'each' });
      expect(await groupsOfRows()).toEqual(stored);
      const [view] = await ds.query<{ groups: string }[]>(
        `select experience_groups as groups from pilot_experience_active where pilot_account_id = $1`,
        [ids[2]],
      );
      expect(view?.groups).toBe(stored[2]);
    } finally {
      await ds.destroy();
      await db.drop();
    }
  });
});
