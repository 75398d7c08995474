import { type OffsetsPastEndError } from '@pft/totals';
import { type ReportLine } from './events-gone-report';

const partitionsOf = (found: OffsetsPastEndError): string =>
  `${found.topic} v${found.version} ${found.partitions.map((p) => `${p.partition}@${p.next}`).join(',')}`;

/**
 * What the projector says of offsets its version stored past the end of the topic
 * (PilotTotalsConsumer.offsetsPastEnd, at each tick): once when it finds them, naming the partitions,
 * again only when they change, and once when there are none any more (a rebuild switched versions).
 */
export class OffsetsPastEndReport {
  private last?: OffsetsPastEndError;

  /** The state found at this tick; answers the line to log when it changed since the last. */
  observe(found: OffsetsPastEndError | undefined): ReportLine | undefined {
    const before = this.last;
    this.last = found;
    if (found && (!before || partitionsOf(before) !== partitionsOf(found)))
      return {
        level: 'error',
        message:
          `${found.message}. Version ${found.version} cannot be complete: the projector is not ready until ` +
          'a version is built from this topic (docs/operations.md, "Stored offsets past the end of the topic")',
      };
    if (!found && before)
      return {
        level: 'log',
        message: `no offset of version ${before.version} is past the end of the topic ${before.topic} any more`,
      };
    return undefined;
  }

  /** The offsets past the end as of the last tick, if any: what readiness names. */
  get current(): OffsetsPastEndError | undefined {
    return this.last;
  }
}
