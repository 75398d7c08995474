import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'LinkRequest', description: 'A pilot’s linking code, to redeem' })
export class LinkRequestDto {
  static readonly example: LinkRequestDto = { linking_token: 'PFT-7K2M-9QXR-4HNB-C8VD' };

  @ApiProperty({
    description:
      'The pilot’s linking code, `PFT-XXXX-XXXX-XXXX-XXXX` (Crockford base32). Compared case-insensitively, ' +
      'surrounding whitespace trimmed. Valid 10 minutes, single use.',
    example: 'PFT-7K2M-9QXR-4HNB-C8VD',
  })
  linking_token!: string;
}

@ApiSchema({ name: 'LinkResult', description: 'The pilot now linked to the calling partner' })
export class LinkResultDto {
  static readonly example: LinkResultDto = { pilot_id: '3f6c2b9e-8d41-4a7f-9b2e-5c1d0a7e4f18' };

  @ApiProperty({
    format: 'uuid',
    description:
      'Opaque id of the pilot for this partner, permanent for one connection. A pilot already linked to ' +
      'the partner gets the same id back; after a disconnect and a new link, a new id.',
  })
  pilot_id!: string;
}
