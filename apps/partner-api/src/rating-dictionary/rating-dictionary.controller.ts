import { Controller, Get, Headers, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { PartnerReadEndpoint } from '../auth/partner-endpoint.decorator';
import { ApiBodylessResponse, ApiEnvelopedResponse, ApiPartnerErrors } from '../openapi/openapi-responses';
import { missingScope } from '../openapi/error-examples';
import { CACHED_ANSWER, cachingHeaders, sendCatalog } from '../cached-catalog';
import { type RatingDictionary } from './get-rating-dictionary.handler';
import { GetRatingDictionaryQuery } from './get-rating-dictionary.query';
import { RatingDictionaryDto } from './rating-dictionary.dto';

const CACHING_HEADERS = cachingHeaders('dictionary');

@ApiTags('rating-dictionary')
@Controller('v1/rating-dictionary')
export class RatingDictionaryController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @PartnerReadEndpoint('rating-dictionary')
  @ApiOperation({
    summary: 'The airplane rating dictionary',
    description: 'Scope `rating-dictionary` (off by default). ' + CACHED_ANSWER,
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
    await sendCatalog(request, reply, ifNoneMatch, dictionary.etag, dictionary.dataJson);
  }
}
