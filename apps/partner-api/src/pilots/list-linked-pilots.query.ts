import { type SharedData } from '@pft/partners/domain';
import { type PilotsCursor } from './pilots-cursor';

/** One page of the calling partner's currently linked pilots, by linked_at then pilot_id. */
export class ListLinkedPilotsQuery {
  constructor(
    readonly partnerId: string,
    /** 1 to 200. */
    readonly limit: number,
    /** The last pilot of the previous page; null for the first page. */
    readonly after: PilotsCursor | null,
  ) {}
}

export interface LinkedPilot {
  pilot_id: string;
  linked_at: string;
  /** What the pilot shares with the partner: the lifetime totals always, the experience when they say so. */
  shared: SharedData[];
}

export interface LinkedPilotsPage {
  pilots: LinkedPilot[];
  next_cursor: string | null;
}
