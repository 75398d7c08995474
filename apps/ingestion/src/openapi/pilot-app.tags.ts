/** The groups of the pilot app API's operations, each operation in exactly one, in page order. */
export const PILOT_APP_TAGS = {
  flights: 'The pilot’s logbook: record, replace, delete, list and import flights and simulator sessions.',
  imports:
    'Logbook files from other logbooks (ForeFlight, MyFlightbook, spreadsheets): upload, preview, choose, record.',
  'starting totals':
    'Hours carried over from an earlier logbook, added to the totals of the recorded flights.',
  totals: 'The pilot’s own totals and experience, as a partner would read them, computed live.',
  consent:
    'What partners may read: issue the linking code a partner redeems, list the linked partners, disconnect one.',
  privacy:
    'What the service holds about the pilot and who read it: the access history, and everything held as JSON.',
  account:
    'The pilot’s account: its status, and its erasure (every connection ended, every piece of the pilot’s data made unreadable or deleted).',
} as const;

export type PilotAppTag = keyof typeof PILOT_APP_TAGS;
