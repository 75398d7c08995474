import { ApiProperty, ApiSchema } from '@nestjs/swagger';

const minutes = (description: string): Parameters<typeof ApiProperty>[0] => ({
  type: 'integer',
  minimum: 0,
  description: `${description}, in minutes`,
});

@ApiSchema({ name: 'Totals', description: 'Cumulative flight time, flights and starting totals combined' })
export class TotalsDto {
  @ApiProperty(minutes('Total flight time')) total_flight_time_minutes!: number;
  @ApiProperty(minutes('Pilot in command')) pic_minutes!: number;
  @ApiProperty(minutes('Second in command')) sic_minutes!: number;
  @ApiProperty(minutes('Dual instruction received')) dual_minutes!: number;
  @ApiProperty(minutes('Time as flight instructor')) instructor_minutes!: number;
  @ApiProperty(minutes('Cross-country')) cross_country_minutes!: number;
  @ApiProperty(minutes('Night')) night_minutes!: number;
  @ApiProperty(minutes('Total IFR (actual + simulated)')) ifr_minutes!: number;
  @ApiProperty(minutes('Actual instrument conditions')) actual_instrument_minutes!: number;
  @ApiProperty(minutes('Simulated instrument (hood/foggles)')) simulated_instrument_minutes!: number;
  @ApiProperty(minutes('Single-engine aircraft')) single_engine_minutes!: number;
  @ApiProperty(minutes('Multi-engine aircraft')) multi_engine_minutes!: number;
  @ApiProperty(minutes('Multi-pilot operations')) multi_pilot_minutes!: number;
  @ApiProperty(minutes('Flight simulator / training device')) simulator_minutes!: number;
}

@ApiSchema({ name: 'Landings', description: 'Cumulative landings' })
export class LandingsDto {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Total day landings' }) total_day!: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Total night landings' }) total_night!: number;
}

@ApiSchema({ name: 'PilotTotals', description: 'One linked pilot’s cumulative totals' })
export class PilotTotalsDto {
  static readonly example: PilotTotalsDto = {
    pilot_id: '3f6c2b9e-8d41-4a7f-9b2e-5c1d0a7e4f18',
    last_updated: '2026-11-24T09:18:42.000Z',
    totals: {
      total_flight_time_minutes: 17400,
      pic_minutes: 11280,
      sic_minutes: 4200,
      dual_minutes: 1920,
      instructor_minutes: 0,
      cross_country_minutes: 13650,
      night_minutes: 2110,
      ifr_minutes: 3900,
      actual_instrument_minutes: 2700,
      simulated_instrument_minutes: 1200,
      single_engine_minutes: 5400,
      multi_engine_minutes: 12000,
      multi_pilot_minutes: 12000,
      simulator_minutes: 960,
    },
    landings: { total_day: 1184, total_night: 97 },
    rating_breakdown: { sep_land: 5400, type_a320: 12000 },
    flight_count: 1262,
    last_flight_date: '2026-11-20T00:00:00.000Z',
  };

  @ApiProperty({ format: 'uuid', description: 'The linked pilot, in lower case' })
  pilot_id!: string;

  @ApiProperty({
    format: 'date-time',
    description:
      'The time up to which this pilot’s projection was known to be complete; never claims more ' +
      'freshness than the data has. At most 5 minutes old with the pipeline healthy; the current time ' +
      'when the totals were computed live from the pilot’s logbook, as for a pilot just linked (nothing ' +
      'projected yet, or the projection behind an answer already given).',
  })
  last_updated!: string;

  @ApiProperty({ type: TotalsDto }) totals!: TotalsDto;
  @ApiProperty({ type: LandingsDto }) landings!: LandingsDto;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer', minimum: 1 },
    description:
      'Airplane flight minutes per rating key (class keys such as `sep_land`, type keys `type_<designator>`), ' +
      'flights and starting totals combined. Keys with zero minutes are left out; `{}` without airplane ' +
      'hours. Helicopter, sailplane and other categories count only in the top-level totals. Clients must ' +
      'tolerate new keys.',
    example: { sep_land: 5400, type_a320: 12000 },
  })
  rating_breakdown!: Record<string, number>;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Total number of flights' })
  flight_count!: number;

  @ApiProperty({
    type: 'string',
    nullable: true,
    example: '2026-11-20T00:00:00.000Z',
    description: 'Date of the most recent flight, at midnight UTC; `null` without flights on record.',
  })
  last_flight_date!: string | null;
}
