import { runMain, startHttpApp } from '@pft/platform';
import { ProjectorConfig } from './projector.config';
import { ProjectorModule } from './projector.module';

/** The projector serves only health over HTTP (its metrics on their own port); it takes no bodies. */
runMain('projector', ProjectorConfig, (config) =>
  startHttpApp(ProjectorModule.withConfig(config), {
    name: 'projector',
    port: config.PROJECTOR_PORT,
    config,
    bodyLimit: 1024,
  }),
);
