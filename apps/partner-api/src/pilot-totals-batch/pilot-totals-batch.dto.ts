import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { PilotTotalsDto } from '../pilot-totals/pilot-totals.dto';

@ApiSchema({
  name: 'PilotTotalsBatch',
  description: 'The totals of the requested pilots linked to the caller',
})
export class PilotTotalsBatchDto {
  /** Two of three requested pilots: the third is not linked to the caller, so it is left out. */
  static readonly example: PilotTotalsBatchDto = {
    pilots: [
      PilotTotalsDto.example,
      {
        pilot_id: '9a1d4e7c-2b5f-4c8e-a3d6-0f7b1e9c5a24',
        last_updated: '2026-11-24T09:20:11.000Z',
        totals: {
          total_flight_time_minutes: 0,
          pic_minutes: 0,
          sic_minutes: 0,
          dual_minutes: 0,
          instructor_minutes: 0,
          cross_country_minutes: 0,
          night_minutes: 0,
          ifr_minutes: 0,
          actual_instrument_minutes: 0,
          simulated_instrument_minutes: 0,
          single_engine_minutes: 0,
          multi_engine_minutes: 0,
          multi_pilot_minutes: 0,
          simulator_minutes: 0,
        },
        landings: { total_day: 0, total_night: 0 },
        rating_breakdown: {},
        flight_count: 0,
        last_flight_date: null,
      },
    ],
  };

  @ApiProperty({
    type: [PilotTotalsDto],
    description:
      'In the order of each id’s first occurrence in `pilot_ids`, each pilot once. Pilots not linked to ' +
      'the calling partner (never linked, disconnected, another partner’s) are left out: compare the ' +
      'requested ids with the returned ones.',
  })
  pilots!: PilotTotalsDto[];
}
