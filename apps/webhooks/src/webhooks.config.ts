import { Matches } from 'class-validator';
import {
  DATABASE_CONFIG,
  HttpAppVariables,
  KAFKA_CONFIG,
  LOGGING_CONFIG,
  WithDatabase,
  WithKafka,
  IntVariable,
} from '@pft/platform/config';
import { WithMasterKey } from '@pft/privacy/crypto/master-key-variables';
import { WithWebhookUrls } from '@pft/webhooks/webhook-url-variables';

const SharedVariables = WithWebhookUrls(WithMasterKey(WithKafka(WithDatabase(HttpAppVariables))));

/**
 * The variables the webhook dispatcher reads (partner platform, section 4): the shared groups
 * (database, Kafka, the master key its intake opens events with, webhook URLs) and its own. Read once
 * at start (main.ts); property names are the variables.
 */
export class WebhooksConfig extends SharedVariables {
  /** The webhook dispatcher's health port (its metrics on their own, METRICS_PORT). */
  @IntVariable(1, 65535)
  WEBHOOKS_PORT = 3003;

  /** Delays before each retry of a failed delivery, comma-separated; when used up the delivery failed. */
  @Matches(/^\d{1,10}(,\d{1,10})*$/, {
    message: 'WEBHOOK_RETRY_SCHEDULE_MS must be a comma-separated list of milliseconds',
  })
  WEBHOOK_RETRY_SCHEDULE_MS = '5000,300000,1800000,7200000,18000000,36000000,36000000';

  /** At most one `pilot_totals.updated` per pilot and endpoint in this time. */
  @IntVariable(0, 86400000)
  WEBHOOK_TOTALS_COALESCE_MS = 60000;

  /** How long an attempt may take: past it the attempt failed. */
  @IntVariable(100, 60000)
  WEBHOOK_TIMEOUT_MS = 10000;

  /** An endpoint whose every attempt failed for this long is disabled (5 days). */
  @IntVariable(1000, 2592000000)
  WEBHOOK_DISABLE_AFTER_MS = 432000000;

  /** Attempts one dispatcher makes at once, over all endpoints. */
  @IntVariable(1, 1000)
  WEBHOOK_CONCURRENCY = 32;

  /** Attempts one dispatcher makes at once to one endpoint: a slow endpoint holds no more than these. */
  @IntVariable(1, 100)
  WEBHOOK_ENDPOINT_CONCURRENCY = 4;

  /** How often the dispatcher looks for due deliveries and settled totals changes. */
  @IntVariable(10, 60000)
  WEBHOOK_POLL_INTERVAL_MS = 200;

  /**
   * How long the dispatchers' Kafka group waits for a silent dispatcher before handing its partitions to
   * another one, or to the same one started again: one that died (SIGKILL, lost host) holds them this
   * long, and takes in no event of theirs meanwhile. At least 6000, the broker's least by default
   * (group.min.session.timeout.ms); 30000 was the Kafka client's own default before it was a variable.
   */
  @IntVariable(6000, 300000)
  WEBHOOK_SESSION_TIMEOUT_MS = 30000;
}

/** The parts of it the platform's modules read. */
export const WEBHOOKS_CONFIG_PARTS = [LOGGING_CONFIG, DATABASE_CONFIG, KAFKA_CONFIG];
