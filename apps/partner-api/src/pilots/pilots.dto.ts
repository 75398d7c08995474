import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'LinkedPilot', description: 'A pilot currently linked to the calling partner' })
export class LinkedPilotDto {
  @ApiProperty({ format: 'uuid', description: 'The pilot’s `pilot_id` for this partner, in lower case' })
  pilot_id!: string;

  @ApiProperty({ format: 'date-time', description: 'When the pilot’s current connection was made' })
  linked_at!: string;

  @ApiProperty({
    type: [String],
    enum: ['totals', 'experience'],
    description:
      'What the pilot shares with you: always `totals`; `experience` too (`["totals", "experience"]`) while ' +
      'the pilot shares their experience. A change comes as the webhook event `pilot.sharing_updated`.',
  })
  shared!: ('totals' | 'experience')[];
}

@ApiSchema({
  name: 'LinkedPilots',
  description: 'One page of the calling partner’s currently linked pilots',
})
export class LinkedPilotsDto {
  static readonly example: LinkedPilotsDto = {
    pilots: [
      {
        pilot_id: '3f6c2b9e-8d41-4a7f-9b2e-5c1d0a7e4f18',
        linked_at: '2026-11-20T14:03:11.482Z',
        shared: ['totals', 'experience'],
      },
      {
        pilot_id: '9a1d4e7c-2b5f-4c8e-a3d6-0f7b1e9c5a24',
        linked_at: '2026-11-21T08:47:55.019Z',
        shared: ['totals'],
      },
    ],
    next_cursor:
      'cDJ8MjAyNi0xMS0yMVQwODo0Nzo1NS4wMTkwMDBafDlhMWQ0ZTdjLTJiNWYtNGM4ZS1hM2Q2LTBmN2IxZTljNWEyNA.h9Z1KEGBJRCtUpaZrcEQjA',
  };

  @ApiProperty({
    type: [LinkedPilotDto],
    description:
      'Ordered by `linked_at`, then `pilot_id`. Only pilots linked to the caller now: disconnected pilots ' +
      'and other partners’ pilots are never listed.',
  })
  pilots!: LinkedPilotDto[];

  @ApiProperty({
    type: 'string',
    nullable: true,
    description:
      'Pass as `cursor` for the next page; `null` on the last page. Opaque: do not build or change it.',
  })
  next_cursor!: string | null;
}
