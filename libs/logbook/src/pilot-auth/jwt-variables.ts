import { ValidateBy, type ValidationOptions } from 'class-validator';
import { ASYMMETRIC_JWT_ALGORITHMS, jwtAlgorithmList, publicKeyFromPem } from './jwt-algorithms';

/** HS256 needs a key of at least its hash's size (RFC 7518 3.2): 32 bytes. */
export const MIN_JWT_SECRET_BYTES = 32;

export function IsJwtSecret(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isJwtSecret',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' && Buffer.byteLength(value, 'utf8') >= MIN_JWT_SECRET_BYTES,
        defaultMessage: () => `JWT_SECRET must be at least ${MIN_JWT_SECRET_BYTES} bytes`,
      },
    },
    options,
  );
}

export function IsJwtAlgorithmList(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isJwtAlgorithmList',
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'string') return false;
          const list = jwtAlgorithmList(value);
          return list.length > 0 && list.every((alg) => ASYMMETRIC_JWT_ALGORITHMS.includes(alg));
        },
        defaultMessage: () =>
          `JWT_ALGORITHMS must be a comma-separated list of ${ASYMMETRIC_JWT_ALGORITHMS.join(', ')}`,
      },
    },
    options,
  );
}

export function IsPublicKeyPem(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isPublicKeyPem',
      validator: {
        validate: (value: unknown) => {
          // A private key would be read too (its public half), but it has no place in this variable.
          if (typeof value !== 'string' || value.includes('PRIVATE KEY')) return false;
          try {
            return publicKeyFromPem(value).type === 'public';
          } catch {
            return false;
          }
        },
        defaultMessage: () => 'JWT_PUBLIC_KEY must be a PEM public key (RSA, EC or Ed25519)',
      },
    },
    options,
  );
}
