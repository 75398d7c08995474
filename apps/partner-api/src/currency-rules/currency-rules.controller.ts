import { createHash } from 'node:crypto';
import { Controller, Get, Headers, Module, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { currencyRuleCatalog } from '@pft/totals/domain';
import { AccessModule } from '../auth/access.module';
import { PartnerReadEndpoint } from '../auth/partner-endpoint.decorator';
import {
  ApiBodylessResponse,
  ApiEnvelopedSchemaResponse,
  ApiPartnerErrors,
} from '../openapi/openapi-responses';
import { namedSchema } from '../openapi/named-schemas';
import { CACHED_ANSWER, cachingHeaders, sendCatalog } from '../cached-catalog';

const CACHING_HEADERS = cachingHeaders('catalog');

/** `data`, serialized once: the catalog ships with the service and never changes while it runs. */
const CATALOG = currencyRuleCatalog();
const DATA_JSON = JSON.stringify(CATALOG);
const ETAG = `"${createHash('sha256').update(DATA_JSON).digest('base64url')}"`;

const text = (description: string) => ({ type: 'string', description });

const CURRENCY_RULES = namedSchema('CurrencyRules', {
  type: 'object',
  additionalProperties: false,
  required: ['rules'],
  description: 'The recent-experience rules the `currency` of an experience answer is assessed under',
  properties: {
    rules: {
      type: 'array',
      description: 'In the specification’s order: the order of `currency` entries',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['key', 'label', 'authority', 'reference', 'description'],
        properties: {
          key: text('Stable identifier: the `rule` of a currency entry'),
          label: text('Short human-readable name, English only'),
          authority: { type: 'string', enum: ['FAA', 'EASA'] },
          reference: text('The regulation, as cited'),
          description: text('What the rule counts, and what the service cannot see and so does not assess'),
        },
      },
    },
  },
});

const SCOPES = ['pilot-experience', 'pilot-requirements'] as const;

@ApiTags('pilot-experience')
@Controller('v1/currency-rules')
class CurrencyRulesController {
  @Get()
  @PartnerReadEndpoint(SCOPES)
  @ApiOperation({
    summary: 'The currency rules',
    description: 'Scope `pilot-experience` or `pilot-requirements`. ' + CACHED_ANSWER,
  })
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'An ETag from an earlier answer' })
  @ApiEnvelopedSchemaResponse(200, CURRENCY_RULES, CATALOG, CACHING_HEADERS)
  @ApiBodylessResponse(304, 'Not modified: the ETag in If-None-Match is current', CACHING_HEADERS)
  @ApiPartnerErrors(['INSUFFICIENT_SCOPE'], {
    INSUFFICIENT_SCOPE: [
      {
        summary: 'The key has neither scope',
        message: 'This key lacks the scope pilot-experience or pilot-requirements',
        details: [{ field: 'scope', issue: 'missing', message: 'pilot-experience or pilot-requirements' }],
      },
    ],
  })
  async get(
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendCatalog(request, reply, ifNoneMatch, ETAG, DATA_JSON);
  }
}

/** `GET /v1/currency-rules`: the currency rule catalog, for keys with an experience scope. */
@Module({ imports: [AccessModule], controllers: [CurrencyRulesController] })
export class CurrencyRulesModule {}
