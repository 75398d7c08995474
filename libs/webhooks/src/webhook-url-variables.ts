import { Transform } from 'class-transformer';
import { IsBoolean } from 'class-validator';
import { toBoolean, type VariablesBase } from '@pft/platform/config';

/** Where webhooks may go: read where endpoints are registered (partner API) and where deliveries are made. */
export function WithWebhookUrls<B extends VariablesBase>(Base: B) {
  class WebhookUrlsGroup extends Base {
    /**
     * Whether endpoint URLs may be `http://` or point at loopback, private, link-local or unique-local
     * addresses. For local development and tests only: a partner could otherwise reach the operator's
     * own network through a webhook.
     */
    @Transform(toBoolean)
    @IsBoolean()
    WEBHOOK_ALLOW_PRIVATE_URLS = false;
  }
  return WebhookUrlsGroup;
}
