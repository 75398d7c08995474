import { randomBytes, randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { hashLinkingCode } from '@pft/partners/connections/linking-code-hash';
import { formatLinkingCode, LINKING_CODE_RANDOM_BYTES } from '@pft/partners/domain';
import { withPartnerReadRevision } from '@pft/testing';
import { IdempotencyStore } from '../idempotency/idempotency.store';
import { type PartnerApiConfig } from '../partner-api.config';
import { LinkPilotCommand } from './link-pilot.command';
import { LinkPilotHandler } from './link-pilot.handler';

/** `POST /v1/link`'s handler on the test's Postgres and the real Redis, as the partner API wires it. */
export interface LinkGround {
  /** Redeems `code` for the partner: the pilot_id, or the refusal thrown. */
  link(partnerId: string, code: string): Promise<string>;
  /** A code of `pilot` issued `minutesAgo` minutes ago by the database's clock, unused and unexpired. */
  issuedCode(pilot: string, options?: { shareExperience?: boolean; minutesAgo?: number }): Promise<string>;
}

/**
 * The file's LinkGround, made before its tests on the data source `dataSource` gives then (withTestDataSource's,
 * made before), with the partner read revision a withdrawal moves on from withPartnerReadRevision.
 */
export function withLinkGround(dataSource: () => DataSource): LinkGround {
  const partnerReadRevision = withPartnerReadRevision();
  let handler: LinkPilotHandler;
  beforeAll(() => {
    const ds = dataSource();
    handler = new LinkPilotHandler(
      ds,
      { DATABASE_QUERY_TIMEOUT_MS: 5000 } as PartnerApiConfig,
      new IdempotencyStore(ds),
      partnerReadRevision(),
    );
  });
  return {
    link: async (partnerId, code) =>
      (await handler.execute(new LinkPilotCommand(partnerId, code, `req_${randomUUID()}`))).pilot_id,
    issuedCode: async (pilot, { shareExperience = false, minutesAgo = 0 } = {}) => {
      const code = formatLinkingCode(randomBytes(LINKING_CODE_RANDOM_BYTES));
      await dataSource().query(
        `insert into linking_codes (code_hash, pilot_account_id, issued_at, expires_at, share_experience)
         select $1, $2, t, t + interval '10 minutes', $4
           from (select now() - make_interval(mins => $3) as t) issued`,
        [hashLinkingCode(code), pilot, minutesAgo, shareExperience],
      );
      return code;
    },
  };
}
