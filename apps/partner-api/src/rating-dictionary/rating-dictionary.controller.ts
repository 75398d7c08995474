import { Controller, Get, Headers, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { meta } from '@pft/platform';
import { PartnerReadEndpoint } from '../auth/partner-endpoint.decorator';
import { ApiBodylessResponse, ApiEnvelopedResponse, ApiPartnerErrors } from '../openapi/openapi-responses';
import { missingScope } from '../openapi/error-examples';
import { type RatingDictionary } from './get-rating-dictionary.handler';
import { GetRatingDictionaryQuery } from './get-rating-dictionary.query';
import { RatingDictionaryDto } from './rating-dictionary.dto';

const CACHE_CONTROL = 'public, max-age=3600';

const CACHING_HEADERS = {
  ETag: { description: 'Strong validator of the dictionary', schema: { type: 'string' as const } },
  'Cache-Control': { description: CACHE_CONTROL, schema: { type: 'string' as const } },
};

/** True when `If-None-Match` names `etag` (weak comparison, as RFC 9110 asks for this header) or is `*`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

@ApiTags('rating-dictionary')
@Controller('v1/rating-dictionary')
export class RatingDictionaryController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @PartnerReadEndpoint('rating-dictionary')
  @ApiOperation({
    summary: 'The airplane rating dictionary',
    description:
      'Scope `rating-dictionary` (off by default). Answered with `ETag` and `Cache-Control: ' +
      `${CACHE_CONTROL}\`; a request whose \`If-None-Match\` matches gets 304 without a body (still counted ` +
      'by the rate limit).',
  })
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'An ETag from an earlier answer' })
  @ApiEnvelopedResponse(200, RatingDictionaryDto, CACHING_HEADERS)
  @ApiBodylessResponse(304, 'Not modified: the ETag in If-None-Match is current', CACHING_HEADERS)
  @ApiPartnerErrors(['INSUFFICIENT_SCOPE'], { INSUFFICIENT_SCOPE: [missingScope('rating-dictionary')] })
  async get(
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const dictionary = await this.queryBus.execute<GetRatingDictionaryQuery, RatingDictionary>(
      new GetRatingDictionaryQuery(),
    );
    void reply.header('ETag', dictionary.etag).header('Cache-Control', CACHE_CONTROL);
    if (etagMatches(ifNoneMatch, dictionary.etag)) {
      await reply.status(304).send();
      return;
    }
    await reply
      .type('application/json; charset=utf-8')
      .send(`{"data":${dictionary.dataJson},"meta":${JSON.stringify(meta(request.id))}}`);
  }
}
