type Schema = Record<string, unknown>;

/**
 * Schemas written as JSON Schema (those of `@pft/contracts`, shared with the pilot app API) rather
 * than as DTO classes: added to the description's components by name (addNamedSchemas).
 */
const NAMED = new Map<string, Schema>();

/**
 * JSON Schema's `type: [T, 'null']` as OpenAPI 3.0 says it (`nullable`), through the whole schema:
 * the partner API's description is OpenAPI 3.0.3.
 */
function openApi30(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(openApi30);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema as Schema)) {
    if (key === 'type' && Array.isArray(value) && value.includes('null')) {
      const [only] = value.filter((t) => t !== 'null') as string[];
      out.type = only;
      out.nullable = true;
    } else
      out[key] =
        key === 'properties' || key === 'items' || typeof value === 'object' ? openApi30(value) : value;
  }
  return out;
}

/** Registers `schema` under `name` (components.schemas); its `$ref`. */
export function namedSchema(name: string, schema: Schema): string {
  NAMED.set(name, openApi30(schema) as Schema);
  return `#/components/schemas/${name}`;
}

/** Adds every named schema to the components of `document`. */
export function addNamedSchemas(document: { components?: { schemas?: Record<string, unknown> } }): void {
  document.components ??= {};
  document.components.schemas ??= {};
  for (const [name, schema] of NAMED) document.components.schemas[name] = schema;
}
