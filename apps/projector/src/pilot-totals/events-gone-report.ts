import { type TopicIncompleteError } from '@pft/totals';

/** A line for the projector's log. */
export interface ReportLine {
  level: 'error' | 'log';
  message: string;
}

const partitionsOf = (gone: TopicIncompleteError): string =>
  `${gone.topic} v${gone.version} ${gone.partitions.map((p) => p.partition).join(',')}`;

/**
 * What the projector says of events its version has still to fold that the topic no longer holds
 * (PilotTotalsConsumer.eventsGone, at each tick): once when it finds them, naming the partitions, again
 * only when the partitions change, and once when they are gone no more (another topic, another version).
 */
export class EventsGoneReport {
  private last?: TopicIncompleteError;

  /** The state found at this tick; answers the line to log when it changed since the last. */
  observe(gone: TopicIncompleteError | undefined): ReportLine | undefined {
    const before = this.last;
    this.last = gone;
    if (gone && (!before || partitionsOf(before) !== partitionsOf(gone)))
      return {
        level: 'error',
        message:
          `${gone.message}. Version ${gone.version} cannot be complete, and no rebuild from this topic can ` +
          'be either: the projector is not ready until the events are on the topic it reads ' +
          '(docs/operations.md, "Events gone from the pilot-events topic")',
      };
    if (!gone && before)
      return {
        level: 'log',
        message: `the topic ${before.topic} holds every event version ${before.version} has to fold again`,
      };
    return undefined;
  }

  /** The events gone as of the last tick, if any: what readiness names. */
  get current(): TopicIncompleteError | undefined {
    return this.last;
  }
}
