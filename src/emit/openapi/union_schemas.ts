/**
 * The schemas of a discriminated union (`StaticTypeModel.union`): `oneOf`
 * its members' components with a `discriminator` that maps each value to
 * its member, and each member's discriminator an `enum` of its one value.
 *
 * Where a reference to a union needs siblings (a description, `nullable`),
 * the union is written in place rather than as a `$ref` inside `allOf`
 * (which tools read as a subtype of the union: openapi-typescript writes
 * `Omit<Union, "kind">`) or inside a `oneOf` of one (which Redocly calls
 * illogical).
 *
 * @module
 */

import type { DiscriminatorValue, UnionModel } from "../../model/api_model.ts";
import { type Json, ref } from "./schema_json.ts";

/**
 * `oneOf` the members of `union` and its `discriminator`; `component`
 * gives the name of a member's component schema.
 */
export function unionSchema(
  union: UnionModel,
  component: (member: string) => string,
): Json {
  const members = union.members.map((member) =>
    [member.value, component(member.name)] as const
  );
  return {
    oneOf: members.map(([, name]) => ref(name)),
    discriminator: {
      propertyName: union.discriminator,
      mapping: Object.fromEntries(
        members.map(([value, name]) => [value, ref(name).$ref]),
      ),
    },
  };
}

/** A union written in place, admitting `null`: `nullable` needs a `type`. */
export function nullableUnion(inline: Json): Json {
  return { type: "object", ...inline, nullable: true };
}

/**
 * Sets the discriminator of a union member's object schema (its properties
 * a Map, as the registry builds them) to an `enum` of its one value.
 */
export function setDiscriminatorValue(
  schema: Json,
  { property, value }: DiscriminatorValue,
): void {
  const properties = schema.properties as Map<string, Json>;
  properties.set(property, { ...properties.get(property), enum: [value] });
}
