import { parsePilotId, type PilotIdIssue } from '@pft/partners/domain';
import { ApiError, type ErrorDetail } from '@pft/platform';
import { parseAsOf, parseRequirements, type Requirement } from '@pft/totals/domain';

/** A requirement check's body, validated (`pilot-experience.md` 5). */
export interface CheckRequest {
  /** Lower-case UUID. */
  pilotId: string;
  /** `YYYY-MM-DD`: as sent, or today (UTC) when absent. */
  asOf: string;
  requirements: Requirement[];
  /** `requirements` as the partner sent them, for the pilot's access history. */
  sent: unknown[];
}

const FIELDS = ['pilot_id', 'as_of', 'requirements'];

const PILOT_ID_MESSAGES: Record<PilotIdIssue, string> = {
  required: 'is required',
  repeated: 'must be given once, as a UUID',
  invalid_uuid: 'must be a UUID',
  too_many: 'must be one UUID',
};

/**
 * The fields of a check's body (a JSON object), each checked and every problem named in the 400's
 * `details` at its path (`requirements[2].metric`), not only the first. `today`: the UTC date the
 * absent `as_of` stands for.
 */
export function parseCheckRequest(body: Record<string, unknown>, today: string): CheckRequest {
  const details: ErrorDetail[] = [];
  for (const key of Object.keys(body))
    if (!FIELDS.includes(key))
      details.push({ field: key, issue: 'unknown_field', message: 'is not a known field' });
  const pilotId = parsePilotId(body.pilot_id);
  if (!pilotId.ok)
    details.push({ field: 'pilot_id', issue: pilotId.issue, message: PILOT_ID_MESSAGES[pilotId.issue] });
  const asOf = readAsOf(body.as_of, today, details);
  const requirements = parseRequirements(body.requirements);
  if (!requirements.ok) details.push(...requirements.issues);
  if (!pilotId.ok || asOf === undefined || !requirements.ok || details.length > 0) {
    const [first] = details;
    throw new ApiError('INVALID_REQUEST', `${first!.field} ${first!.message ?? 'is not valid'}`, details);
  }
  return {
    pilotId: pilotId.pilotId,
    asOf,
    requirements: requirements.requirements,
    sent: body.requirements as unknown[],
  };
}

/** `as_of`: absent, today; else a calendar date from 1903-12-17 to tomorrow (UTC), as the experience read takes it. */
function readAsOf(raw: unknown, today: string, details: ErrorDetail[]): string | undefined {
  if (raw !== undefined && typeof raw !== 'string') {
    details.push({ field: 'as_of', issue: 'wrong_type', message: 'must be a calendar date, YYYY-MM-DD' });
    return undefined;
  }
  const parsed = parseAsOf(raw, today);
  if (parsed.ok) return parsed.asOf;
  // Said of the field, as the other details are: "as_of must be ..." becomes "must be ...".
  const message = parsed.problem.message.replace(/^as_of /, '');
  details.push({ field: 'as_of', issue: parsed.problem.issue, message });
  return undefined;
}
