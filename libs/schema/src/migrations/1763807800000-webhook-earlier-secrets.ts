import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Every secret a rotation replaced keeps signing for its 24 hours (partner platform 4.1), also when the
 * endpoint is rotated again meanwhile. `previous_secret` held only the last one replaced, so a second
 * rotation within the day (a retry whose answer was lost, say) stopped at once the secret the partner
 * had deployed. The older ones still within their day are kept in `earlier_secrets`, a JSON array of
 * `{ "secret", "until" }`, each dropped once its day has passed.
 */
export class WebhookEarlierSecrets1763807800000 implements MigrationInterface {
  name = 'WebhookEarlierSecrets1763807800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `alter table webhook_endpoints add column earlier_secrets jsonb not null default '[]'::jsonb`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`alter table webhook_endpoints drop column earlier_secrets`);
  }
}
