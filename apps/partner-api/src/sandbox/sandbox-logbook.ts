import { isDeepStrictEqual } from 'node:util';
import { type Flight, logbookStreamId } from '@pft/contracts';
import { decideAmendFlight, decideDeleteFlight, decideSetStartingTotals } from '@pft/logbook/domain';
import { type SandboxFixture } from '@pft/partners/domain';
import {
  accepted,
  FlightsRepository,
  importFlights,
  recordFlight,
  StartingTotalsRepository,
} from '@pft/logbook';
import { type CommandPipeline } from '@pft/event-store';

/** Flights per append, as the pilot app's import takes them: a thousand cost about what one does. */
const FLIGHTS_PER_APPEND = 1000;

/**
 * A sandbox pilot's logbook, written the way the pilot app writes a pilot's: the same decisions, the one
 * write pipeline (events, outbox and the write-side tables in one transaction), then the relay, Kafka and
 * the projector. So a sandbox pilot's totals are computed exactly as a live pilot's are.
 */
export class SandboxLogbook {
  private readonly flights = new FlightsRepository();
  private readonly startingTotals = new StartingTotalsRepository();

  constructor(private readonly pipeline: CommandPipeline) {}

  /**
   * Makes the pilot's logbook hold the fixture as it is now: its starting totals, and its flights, those
   * recorded otherwise (by an earlier release's fixture) amended, those missing recorded. Idempotent: what
   * is already recorded as the fixture has it is left alone; flights the fixture does not hold too.
   */
  async recordFixture(pilot: string, fixture: SandboxFixture, requestId: string): Promise<void> {
    const starting = fixture.startingTotals;
    if (starting) {
      await this.pipeline.handle({
        streamId: logbookStreamId(pilot),
        metadata: { request_id: requestId },
        load: (tx) => this.startingTotals.find(tx, pilot),
        decide: (current) => ({
          events: isDeepStrictEqual(current, starting) ? [] : decideSetStartingTotals(pilot, starting),
        }),
        project: async (tx, decided) => {
          if (decided.events.length > 0) await this.startingTotals.save(tx, pilot, starting);
        },
      });
    }
    for (let i = 0; i < fixture.flights.length; i += FLIGHTS_PER_APPEND) {
      const flights = fixture.flights.slice(i, i + FLIGHTS_PER_APPEND);
      await this.amendToFixture(pilot, flights, requestId);
      await importFlights(this.pipeline, this.flights, { pilot, flights, requestId });
    }
  }

  /**
   * Amends the pilot's current flights of `flights`' ids that are recorded otherwise, as the pilot app
   * amends a flight. The partner cannot record a flight under a fixture flight's id otherwise (409), so
   * only a change of the fixture itself makes them differ.
   */
  private async amendToFixture(pilot: string, flights: readonly Flight[], requestId: string): Promise<void> {
    await this.pipeline.handle({
      streamId: logbookStreamId(pilot),
      metadata: { request_id: requestId },
      load: (tx) =>
        this.flights.states(
          tx,
          pilot,
          flights.map((f) => f.flight_id),
        ),
      decide: (states) => ({
        events: flights.flatMap((flight) => {
          const state = states.get(flight.flight_id);
          if (!state || state.deleted) return [];
          return accepted(decideAmendFlight(state, pilot, flight.flight_id, flight)).events;
        }),
      }),
      project: async (tx, decided) => {
        for (const event of decided.events) await this.flights.save(tx, pilot, event.payload.flight);
      },
    });
  }

  /** One flight, as `POST /pilot/v1/flights` records it: `created` false when the same flight was sent again. */
  recordFlight(
    pilot: string,
    flight: Flight,
    requestId: string,
  ): Promise<{ flight: Flight; created: boolean }> {
    return recordFlight(this.pipeline, this.flights, { pilot, flight, requestId });
  }

  /** Back to the fixture: every flight the fixture does not hold is deleted, then what it holds is recorded. */
  async resetToFixture(pilot: string, fixture: SandboxFixture, requestId: string): Promise<void> {
    const fixtureIds = new Set(fixture.flights.map((f) => f.flight_id));
    await this.pipeline.handle({
      streamId: logbookStreamId(pilot),
      metadata: { request_id: requestId },
      load: (tx) => this.flights.current(tx, pilot),
      decide: (current) => {
        const extra = current.filter((f) => !fixtureIds.has(f.flight_id));
        return {
          events: extra.flatMap(
            (flight) => accepted(decideDeleteFlight({ flight, deleted: false }, pilot)).events,
          ),
          extra,
        };
      },
      project: async (tx, decided) => {
        for (const flight of decided.extra) await this.flights.markDeleted(tx, pilot, flight.flight_id);
      },
    });
    await this.recordFixture(pilot, fixture, requestId);
  }
}
