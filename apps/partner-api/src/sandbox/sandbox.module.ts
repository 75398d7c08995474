import { Module } from '@nestjs/common';
import { PartnerReadsModule } from '@pft/totals';
import { AccessModule } from '../auth/access.module';
import { DisconnectSandboxPilotHandler } from './disconnect-sandbox-pilot/disconnect-sandbox-pilot.handler';
import { RedeemSandboxCodeHandler } from './redeem-sandbox-code/redeem-sandbox-code.handler';
import { ResetSandboxPilotHandler } from './reset-sandbox-pilot/reset-sandbox-pilot.handler';
import { sandboxPipelineProviders } from './sandbox-pipeline.provider';
import { SandboxPilotsController } from './sandbox-pilots.controller';
import { SimulateFlightHandler } from './simulate-flight/simulate-flight.handler';

/**
 * The sandbox: its linking codes (redeemed through `POST /v1/link` with a sandbox key) and the simulation
 * endpoints `/v1/sandbox/pilots/{pilot_id}/...`, for sandbox keys only.
 */
@Module({
  imports: [AccessModule, PartnerReadsModule],
  controllers: [SandboxPilotsController],
  providers: [
    ...sandboxPipelineProviders,
    RedeemSandboxCodeHandler,
    SimulateFlightHandler,
    DisconnectSandboxPilotHandler,
    ResetSandboxPilotHandler,
  ],
})
export class SandboxModule {}
