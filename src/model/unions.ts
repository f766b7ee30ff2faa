/**
 * Discriminated unions of static types (`StaticTypeModel.union`) as the
 * walkers over a model and the server see them: the members as type
 * references, and the member a value belongs to by its discriminator.
 *
 * @module
 */

import type { StaticTypeModel, TypeRef, UnionModel } from "./api_model.ts";

/**
 * The members of a static type that is a union, as references (none for
 * any other static type).
 */
export function unionMembers(
  type: Pick<StaticTypeModel, "union">,
): TypeRef[] {
  return (type.union?.members ?? []).map(({ name }) => ({
    kind: "static",
    name,
    args: [],
  }));
}

/**
 * The member of `union` that `value` is, by its discriminator; undefined
 * when it is not an object or its discriminator names no member.
 */
export function unionMemberOf(
  union: UnionModel,
  value: unknown,
): TypeRef | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const tag = (value as Record<string, unknown>)[union.discriminator];
  const member = union.members.find((m) => m.value === tag);
  return member && { kind: "static", name: member.name, args: [] };
}
