// What the rating catalog specs (rating-catalog*.spec.ts) expect of every catalog.

/** The seven class rating keys, in the order of the spec. */
export const SPEC_CLASS_KEYS = ['sep_land', 'sep_sea', 'set_land', 'set_sea', 'mep_land', 'mep_sea', 'tmg'];
