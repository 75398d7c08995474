import { type Base, findErrorBy, type RetryDelayGetter } from '@platformatic/kafka';

/**
 * The client's wait before it tries a request again, which also drops the metadata it keeps when the
 * request failed on that metadata being out of date (the broker asked is no longer the partition's
 * leader, or no leader is elected yet). The producer reads metadata again once on such an answer, but
 * each retry after that takes the leaders it has kept (for up to metadataMaxAge, 5 s): after a broker's
 * death the relay's send went to the old leader at every retry, 1.6 s of them, and succeeded only
 * once the relay had given it up and made a new producer. With the metadata dropped, the next try asks
 * the cluster where the partition is now.
 */
export const retryDelayDroppingStaleMetadata =
  (delayMs: number): RetryDelayGetter =>
  (client, _operation, _attempt, _retries, error) => {
    if (findErrorBy(error, 'hasStaleMetadata', true)) (client as Base).clearMetadata();
    return delayMs;
  };
