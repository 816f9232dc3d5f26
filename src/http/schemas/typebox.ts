// Small TypeBox builders for shapes TypeBox spells differently from the JSON Schema the API
// has always published (a string `enum` rather than `anyOf` of constants, `$ref` by `$id`).
import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';

/** `{ type: 'string', enum: [...] }`, typed as the union of the values. */
export function StringEnum<const Values extends readonly string[]>(
  values: Values,
  options: Record<string, unknown> = {},
): TUnsafe<Values[number]> {
  return Type.Unsafe<Values[number]>({ type: 'string', enum: [...values], ...options });
}

/** A reference to a schema registered with `addSchema` under its `$id`, typed as that schema. */
export function RefTo<Schema extends TSchema>(schema: Schema): TUnsafe<Static<Schema>> {
  const id = (schema as { $id?: unknown }).$id;
  if (typeof id !== 'string') throw new Error('only a schema with an $id can be referenced');
  return Type.Unsafe<Static<Schema>>({ $ref: `${id}#` });
}
