import { type DynamicModule, Global, Module, type Provider, type Type } from '@nestjs/common';
import { type ConfigPart } from './config-part';
import { type ConfigClass } from './load-config';

/**
 * Provides an app's configuration, read and validated once at start (runMain, or a test), under its
 * class, and under each part's token the modules of the platform and the libraries read
 * (DATABASE_CONFIG, REDIS_CONFIG ...): the app's class must have those variables.
 */
@Global()
@Module({})
export class ConfigModule {
  static forRoot<C extends object>(
    type: ConfigClass<C>,
    parts: NoInfer<ConfigPart<C>>[],
    config: C,
  ): DynamicModule {
    const providers: Provider[] = [
      { provide: type, useValue: config },
      ...parts.map((part) => ({ provide: part.token, useExisting: type })),
    ];
    return {
      module: ConfigModule,
      providers,
      exports: [type, ...parts.map((part) => part.token)],
    };
  }

  /**
   * An app's root `module` with its configuration, read once at start (main.ts), provided for its
   * providers and under the parts' tokens.
   */
  static forApp<C extends object>(
    module: Type<unknown>,
    type: ConfigClass<C>,
    parts: NoInfer<ConfigPart<C>>[],
    config: C,
  ): DynamicModule {
    return { module, imports: [ConfigModule.forRoot(type, parts, config)] };
  }
}
