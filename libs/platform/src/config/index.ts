// The config loader, the mixins and the rules, without Nest: ConfigModule is the barrel's (@pft/platform),
// so that a process that reads its configuration alone (the CLI, an app refusing a variable) loads no Nest.
export * from './config-part';
export * from './database-variables';
export * from './kafka-variables';
export * from './load-config';
export * from './process-variables';
export * from './redis-variables';
export * from './variable-rules';
export * from './variable-transforms';
