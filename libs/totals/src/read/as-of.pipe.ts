import { Injectable, type PipeTransform } from '@nestjs/common';
import { ApiError, todayUtc } from '@pft/platform';
import { parseAsOf } from '../domain/experience/as-of';

/**
 * The `as_of` query parameter of an experience read, checked at the edge: today (UTC) when absent,
 * else a calendar date from 1903-12-17 to tomorrow; anything else 400 INVALID_REQUEST naming it.
 */
@Injectable()
export class AsOfPipe implements PipeTransform<unknown, string> {
  transform(raw: unknown): string {
    const parsed = parseAsOf(raw, todayUtc());
    if (parsed.ok) return parsed.asOf;
    const { issue, message } = parsed.problem;
    throw new ApiError('INVALID_REQUEST', message, [{ field: 'as_of', issue, message }]);
  }
}
