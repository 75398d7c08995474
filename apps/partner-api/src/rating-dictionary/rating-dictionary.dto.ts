import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'RatingDictionaryEntry', description: 'One airplane class or type rating' })
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

@ApiSchema({ name: 'RatingDictionary', description: 'Every rating key `rating_breakdown` may hold' })
export class RatingDictionaryDto {
  /** The start of each part of the catalog (the answer lists all of it). */
  static readonly example: RatingDictionaryDto = {
    ratings: [
      { key: 'sep_land', label: 'Single-engine piston (land)', category: 'class_rating' },
      { key: 'sep_sea', label: 'Single-engine piston (sea)', category: 'class_rating' },
      {
        key: 'type_a320',
        label: 'Airbus A318/A319/A320/A321',
        category: 'type_rating',
        manufacturer: 'Airbus',
      },
      { key: 'type_atr_42_72', label: 'ATR 42 and ATR 72', category: 'type_rating', manufacturer: 'ATR' },
    ],
  };

  @ApiProperty({
    type: [RatingEntryDto],
    description:
      'The full EASA airplane rating catalog: the seven class ratings in the specification’s order, then ' +
      'type ratings by `key` in plain byte order. No helicopter or sailplane ratings.',
  })
  ratings!: RatingEntryDto[];
}
