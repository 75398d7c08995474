import { ApiProperty, ApiSchema } from '@nestjs/swagger';

const EXAMPLE_FLIGHT = {
  flight_id: '0b7c6a52-2a55-4d1c-9d59-5f1fb1e0c0a1',
  date: '2026-05-01',
  kind: 'flight' as const,
  aircraft: { category: 'airplane', rating_key: 'sep_land', registration: 'D-EABC' },
  departure: 'EDDF',
  arrival: 'EDFE',
  minutes: {
    total_flight_time: 95,
    pic: 95,
    sic: 0,
    dual: 0,
    instructor: 0,
    cross_country: 95,
    night: 0,
    actual_instrument: 10,
    simulated_instrument: 0,
    single_engine: 95,
    multi_engine: 0,
    multi_pilot: 0,
    simulator: 0,
  },
  landings: { day: 1, night: 0 },
};

@ApiSchema({
  name: 'SandboxFlight',
  description:
    'A flight exactly as the pilot app API takes it (`POST /pilot/v1/flights`, its rules in the pilot app ' +
    'API’s description): `flight_id` chosen by you, `date` not after tomorrow, minutes from 0 to 1440 with ' +
    'missing ones 0, `rating_key` a catalog key for airplanes and absent otherwise. Unknown fields, wrong ' +
    'types and values out of range: 400 INVALID_REQUEST with a detail per problem.',
})
export class SandboxFlightDto {
  static readonly example: SandboxFlightDto = EXAMPLE_FLIGHT;

  @ApiProperty({ format: 'uuid' }) flight_id!: string;
  @ApiProperty({ format: 'date', description: '`YYYY-MM-DD`, UTC' }) date!: string;
  @ApiProperty({ enum: ['flight', 'simulator'] }) kind!: 'flight' | 'simulator';
  @ApiProperty({
    type: 'object',
    additionalProperties: false,
    required: ['category'],
    properties: {
      category: { type: 'string', enum: ['airplane', 'helicopter', 'sailplane', 'other'] },
      rating_key: { type: 'string' },
      registration: { type: 'string', maxLength: 10 },
    },
  })
  aircraft!: Record<string, string>;
  @ApiProperty({ required: false, pattern: '^[A-Za-z0-9]{3,4}$' }) departure?: string;
  @ApiProperty({ required: false, pattern: '^[A-Za-z0-9]{3,4}$' }) arrival?: string;
  @ApiProperty({
    type: 'object',
    description: 'Whole minutes by field, 0 to 1440 each; `ifr` is derived, not sent',
    additionalProperties: { type: 'integer', minimum: 0, maximum: 1440 },
  })
  minutes!: Record<string, number>;
  @ApiProperty({
    type: 'object',
    additionalProperties: false,
    properties: {
      day: { type: 'integer', minimum: 0, maximum: 99 },
      night: { type: 'integer', minimum: 0, maximum: 99 },
    },
  })
  landings!: Record<string, number>;
  @ApiProperty({ required: false, maxLength: 500 }) remarks?: string;
}

@ApiSchema({ name: 'SandboxDisconnected', description: 'The fixture pilot disconnected from your sandbox' })
export class SandboxDisconnectedDto {
  static readonly example: SandboxDisconnectedDto = {
    pilot_id: '3f6c2b9e-8d41-4a7f-9b2e-5c1d0a7e4f18',
    disconnected_at: '2026-05-01T12:00:00.000Z',
  };

  @ApiProperty({ format: 'uuid', description: 'No longer resolves from now on' }) pilot_id!: string;
  @ApiProperty({ format: 'date-time' }) disconnected_at!: string;
}

@ApiSchema({ name: 'SandboxReset', description: 'The fixture pilot is back to its fixture' })
export class SandboxResetDto {
  static readonly example: SandboxResetDto = {
    pilot_id: '3f6c2b9e-8d41-4a7f-9b2e-5c1d0a7e4f18',
    fixture: 'PFT-TEST-0000-0000-0001',
  };

  @ApiProperty({ format: 'uuid', description: 'Unchanged by a reset' }) pilot_id!: string;
  @ApiProperty({ description: 'The sandbox linking code of the fixture' }) fixture!: string;
}
