import { createHash } from 'node:crypto';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { RATING_CATALOG } from '@pft/logbook/domain';
import { GetRatingDictionaryQuery } from './get-rating-dictionary.query';

export interface RatingDictionary {
  /** `data` of the response, serialized once: the catalog ships with the service and never changes while it runs. */
  dataJson: string;
  /** Strong validator of `dataJson`. */
  etag: string;
}

const dataJson = JSON.stringify({ ratings: RATING_CATALOG });
const DICTIONARY: RatingDictionary = Object.freeze({
  dataJson,
  etag: `"${createHash('sha256').update(dataJson).digest('base64url')}"`,
});

@QueryHandler(GetRatingDictionaryQuery)
export class GetRatingDictionaryHandler implements IQueryHandler<GetRatingDictionaryQuery, RatingDictionary> {
  execute(): Promise<RatingDictionary> {
    return Promise.resolve(DICTIONARY);
  }
}
