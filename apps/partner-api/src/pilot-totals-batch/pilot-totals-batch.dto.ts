import { ApiProperty } from '@nestjs/swagger';
import { PilotTotalsDto } from '../pilot-totals/pilot-totals.dto';

export class PilotTotalsBatchDto {
  @ApiProperty({
    type: [PilotTotalsDto],
    description:
      'In the order of each id’s first occurrence in `pilot_ids`, each pilot once. Pilots not linked to ' +
      'the calling partner (never linked, disconnected, another partner’s) are left out: compare the ' +
      'requested ids with the returned ones.',
  })
  pilots!: PilotTotalsDto[];
}
