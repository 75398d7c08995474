import { type Flight } from '@pft/contracts';
import { type Decision, isRejection } from '@pft/domain';
import { rejectionError } from '../http/api-rejection';

/** A logbook decision the pipeline can append, or the rejection thrown as the API error it answers with. */
export function accepted<E>(decision: Decision<E>): { events: E[]; flight?: Flight } {
  if (isRejection(decision)) throw rejectionError(decision);
  return decision;
}
