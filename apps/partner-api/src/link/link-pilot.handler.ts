import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource, type EntityManager } from 'typeorm';
import { consentStreamId, type PilotLinked } from '@pft/contracts';
import { normalizeLinkingCode } from '@pft/domain';
import { ApiError } from '@pft/platform';
import { hashLinkingCode } from '@pft/access/consent/linking-code-hash';
import { appendEvents } from '@pft/event-store';
import { LinkPilotCommand, type LinkPilotResult } from './link-pilot.command';

/** One answer for a malformed, unknown, expired or used code, so a caller cannot tell them apart. */
const invalidToken = (): ApiError =>
  new ApiError('INVALID_TOKEN', 'The linking token is invalid, expired or already used', [
    { field: 'linking_token', issue: 'invalid' },
  ]);

/**
 * Uses up the code and binds the pilot to the calling partner, in one transaction with the PilotLinked
 * event. The conditional update is what makes redemption atomic: of concurrent redemptions of one code,
 * exactly one finds it unused.
 */
@CommandHandler(LinkPilotCommand)
export class LinkPilotHandler implements ICommandHandler<LinkPilotCommand, LinkPilotResult> {
  constructor(private readonly dataSource: DataSource) {}

  async execute(command: LinkPilotCommand): Promise<LinkPilotResult> {
    const code = normalizeLinkingCode(command.linkingToken);
    if (code === null) throw invalidToken();
    const codeHash = hashLinkingCode(code);
    return this.dataSource.transaction(async (tx) => {
      const pilotAccountId = await useCode(tx, codeHash, command.partnerId);
      if (pilotAccountId === undefined) throw invalidToken();
      const pilotId = await connect(tx, command, pilotAccountId);
      return { pilot_id: pilotId };
    });
  }
}

async function useCode(tx: EntityManager, codeHash: Buffer, partnerId: string): Promise<string | undefined> {
  const [rows] = await tx.query<[{ pilot_account_id: string }[], number]>(
    `update linking_codes set used_at = now(), used_by_partner = $2
      where code_hash = $1 and used_at is null and expires_at > now()
      returning pilot_account_id`,
    [codeHash, partnerId],
  );
  return rows[0]?.pilot_account_id;
}

/**
 * The pilot's connection to this partner: the active one if there is one (one per partner and pilot),
 * else a new one with a new id, recorded as PilotLinked. A reconnect after a disconnect gets a new id.
 */
async function connect(
  tx: EntityManager,
  command: LinkPilotCommand,
  pilotAccountId: string,
): Promise<string> {
  const inserted = await tx.query<{ connection_id: string; linked_at: Date }[]>(
    `insert into connections (connection_id, partner_id, pilot_account_id, linked_at)
     values ($1, $2, $3, now())
     on conflict (partner_id, pilot_account_id) where disconnected_at is null do nothing
     returning connection_id, linked_at`,
    [randomUUID(), command.partnerId, pilotAccountId],
  );
  const created = inserted[0];
  if (created) {
    const event: Pick<PilotLinked, 'type' | 'payload'> = {
      type: 'PilotLinked',
      payload: {
        pilot_account_id: pilotAccountId,
        partner_id: command.partnerId,
        connection_id: created.connection_id,
        linked_at: created.linked_at.toISOString(),
      },
    };
    await appendEvents(tx, consentStreamId(pilotAccountId), 'any', [event], {
      request_id: command.requestId,
    });
    return created.connection_id;
  }
  const existing = await tx.query<{ connection_id: string }[]>(
    `select connection_id from connections
      where partner_id = $1 and pilot_account_id = $2 and disconnected_at is null`,
    [command.partnerId, pilotAccountId],
  );
  // The conflict above means an active connection exists and is visible to this statement.
  return existing[0]!.connection_id;
}
