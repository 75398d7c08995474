import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'Meta', description: 'On every answer, success or error' })
export class MetaDto {
  @ApiProperty({ enum: ['v1'] })
  api_version!: 'v1';

  @ApiProperty({
    description:
      'Unique per request: `req_` and 26 characters of Crockford base32 (a ULID); also `X-Request-Id`',
    example: 'req_01JDQ8Z5W3K9M2N4P6R8T0V2X4',
  })
  request_id!: string;
}

@ApiSchema({
  name: 'ErrorDetail',
  description: 'One problem with the request, pointing at the field it concerns',
})
export class ErrorDetailDto {
  @ApiProperty({ example: 'pilot_ids' }) field!: string;
  @ApiProperty({ example: 'too_many' }) issue!: string;
  @ApiPropertyOptional() message?: string;
}

@ApiSchema({ name: 'Error', description: 'What went wrong: `code` is the contract, `message` is for humans' })
export class ErrorDto {
  @ApiProperty({
    description: 'The contract: stable, to be matched on',
    enum: [
      'INVALID_REQUEST',
      'INVALID_TOKEN',
      'UNAUTHORIZED',
      'INSUFFICIENT_SCOPE',
      'NOT_FOUND',
      'PILOT_NOT_FOUND',
      'EXPERIENCE_NOT_SHARED',
      'METHOD_NOT_ALLOWED',
      'CONFLICT',
      'IDEMPOTENCY_CONFLICT',
      'RATE_LIMITED',
      'INTERNAL_ERROR',
      'SERVICE_UNAVAILABLE',
      'WRITE_OUTCOME_UNKNOWN',
    ],
  })
  code!: string;

  @ApiProperty({ description: 'For humans; may change', example: 'pilot_ids must hold at most 50 ids' })
  message!: string;

  @ApiPropertyOptional({
    type: [ErrorDetailDto],
    description: 'At most 100; see details_omitted',
    maxItems: 100,
  })
  details?: ErrorDetailDto[];

  @ApiPropertyOptional({
    description: 'How many details were left out beyond the 100 listed; absent when none were',
    type: 'integer',
    minimum: 1,
    example: 5905,
  })
  details_omitted?: number;
}

@ApiSchema({ name: 'ErrorResponse', description: 'The body of every error answer' })
export class ErrorEnvelopeDto {
  @ApiProperty({ type: ErrorDto }) error!: ErrorDto;
  @ApiProperty({ type: MetaDto }) meta!: MetaDto;
}
