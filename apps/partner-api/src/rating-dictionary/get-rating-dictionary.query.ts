/** The airplane rating dictionary: the same for every partner and every request. */
export class GetRatingDictionaryQuery {}
