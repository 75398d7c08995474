import { type Base, findErrorBy, type RetryDelayGetter } from '@platformatic/kafka';

/**
 * The client's wait before it tries a request again, which also drops the metadata it keeps when the
 * request failed on that metadata being out of date (the broker asked is no longer the partition's
 * leader, or no leader is elected yet). The producer reads metadata again once on such an answer, but
 * each retry after that takes the leaders it has kept (for up to metadataMaxAge, 5 s), so that a
 * leadership that moved again, or had not reached the broker first asked, is found only after the
 * retries ran out (1.6 s; the relay then gives the send up and makes a new producer). With the metadata
 * dropped, each try asks the cluster where the partition is now.
 */
export const retryDelayDroppingStaleMetadata =
  (delayMs: number): RetryDelayGetter =>
  (client, _operation, _attempt, _retries, error) => {
    if (findErrorBy(error, 'hasStaleMetadata', true)) (client as Base).clearMetadata();
    return delayMs;
  };
