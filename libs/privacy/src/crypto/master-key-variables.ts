import { ValidateBy, type ValidationOptions } from 'class-validator';
import { refusedInProduction, Unshown, VariableRules, type VariablesBase } from '@pft/platform/config';
import { DEVELOPMENT_MASTER_KEY, masterKeyProblem } from './master-key-rules';

/** PFT_MASTER_KEY: 32 bytes in base64. */
function IsMasterKey(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isMasterKey',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && masterKeyProblem(value) === null,
        defaultMessage: () =>
          'PFT_MASTER_KEY must be 32 random bytes in base64 (e.g. `openssl rand -base64 32`)',
      },
    },
    options,
  );
}

/** PFT_PREVIOUS_MASTER_KEYS: master keys of 32 bytes in base64, separated by commas. */
function IsMasterKeyList(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isMasterKeyList',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' &&
          value
            .split(',')
            .map((k) => k.trim())
            .filter((k) => k !== '')
            .every((k) => masterKeyProblem(k) === null),
        defaultMessage: () =>
          'PFT_PREVIOUS_MASTER_KEYS must be master keys (32 bytes, base64) separated by commas',
      },
    },
    options,
  );
}

/** The master keys of the processes that seal or open pilots' data (docs/privacy.md). */
export function WithMasterKey<B extends VariablesBase>(Base: B) {
  @VariableRules(
    refusedInProduction<{ PFT_MASTER_KEY: string }>(
      'PFT_MASTER_KEY',
      DEVELOPMENT_MASTER_KEY,
      'production needs a master key of its own (32 random bytes, base64); the development key is public',
    ),
  )
  class MasterKeyGroup extends Base {
    /**
     * The master key that wraps every pilot's data key (docs/privacy.md): 32 random bytes, base64. The
     * development default is public; production refuses it.
     */
    @Unshown()
    @IsMasterKey()
    PFT_MASTER_KEY = DEVELOPMENT_MASTER_KEY;

    /** Earlier master keys still read while `pft privacy rewrap-keys` rewraps data keys after a rotation. */
    @Unshown()
    @IsMasterKeyList()
    PFT_PREVIOUS_MASTER_KEYS = '';
  }
  return MasterKeyGroup;
}
