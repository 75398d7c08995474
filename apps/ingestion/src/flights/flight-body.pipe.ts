import { Injectable, type PipeTransform } from '@nestjs/common';
import { type Flight } from '@pft/contracts';
import { invalidRequest } from '@pft/logbook';
import { parseFlight, parseFlightImport } from '@pft/logbook/domain';
import { todayUtc } from '@pft/platform';

/** A flight as the request body sends it, parsed and checked: 400 INVALID_REQUEST with every problem. */
@Injectable()
export class FlightBodyPipe implements PipeTransform<unknown, Flight> {
  transform(body: unknown): Flight {
    const parsed = parseFlight(body, todayUtc());
    if (!parsed.ok) throw invalidRequest(parsed.issues);
    return parsed.value;
  }
}

/** A logbook import's body, every flight parsed and checked: 400 INVALID_REQUEST, all or nothing. */
@Injectable()
export class FlightImportBodyPipe implements PipeTransform<unknown, readonly Flight[]> {
  transform(body: unknown): readonly Flight[] {
    const parsed = parseFlightImport(body, todayUtc());
    if (!parsed.ok) throw invalidRequest(parsed.issues);
    return parsed.value;
  }
}
