import { ApiProperty } from '@nestjs/swagger';

export class LinkRequestDto {
  @ApiProperty({
    description:
      'The pilot’s linking code, `PFT-XXXX-XXXX-XXXX-XXXX` (Crockford base32). Compared case-insensitively, ' +
      'surrounding whitespace trimmed. Valid 10 minutes, single use.',
    example: 'PFT-7K2M-9QXR-4HNB-C8VD',
  })
  linking_token!: string;
}

export class LinkResultDto {
  @ApiProperty({
    format: 'uuid',
    description:
      'Opaque id of the pilot for this partner, permanent for one connection. A pilot already linked to ' +
      'the partner gets the same id back; after a disconnect and a new link, a new id.',
  })
  pilot_id!: string;
}
