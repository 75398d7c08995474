import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class RatingEntryDto {
  @ApiProperty({ description: 'Stable identifier; the key used in `rating_breakdown`', example: 'sep_land' })
  key!: string;

  @ApiProperty({
    description: 'Short human-readable name, English only',
    example: 'Single-engine piston (land)',
  })
  label!: string;

  @ApiProperty({
    enum: ['class_rating', 'type_rating', 'other'],
    description: 'The catalog holds class and type ratings; `other` is reserved by the specification.',
  })
  category!: 'class_rating' | 'type_rating' | 'other';

  @ApiPropertyOptional({ description: 'Airframer name; present for type ratings, absent for class ratings' })
  manufacturer?: string;
}

export class RatingDictionaryDto {
  @ApiProperty({
    type: [RatingEntryDto],
    description:
      'The full EASA airplane rating catalog: the seven class ratings in the specification’s order, then ' +
      'type ratings by `key` in plain byte order. No helicopter or sailplane ratings.',
  })
  ratings!: RatingEntryDto[];
}
