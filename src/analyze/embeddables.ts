/**
 * `@Embeddable()` value classes as the analyzer sees them, and what it
 * refuses of them (TAILOR027): an embeddable holds columns and nested
 * embeddables only (no id, association or formula), never contains itself,
 * an `@Embedded()` property holds an `@Embeddable()` class, and an id is
 * never an embeddable.
 *
 * @module
 */

import { CODES, type DiagnosticSink } from "./codes.ts";
import { ts } from "./compiler.ts";
import { classOf, type EntityInfo } from "./entities.ts";
import { runtimeDecorators, typeReferenceNameNode } from "./symbols.ts";

/** Whether a class carries our `@Embeddable()`. */
export function isEmbeddableClass(declaration: ts.ClassDeclaration): boolean {
  return runtimeDecorators(declaration).some((d) => d.name === "Embeddable");
}

/** Decorators an embeddable's property may not carry, with what they make. */
const NOT_IN_EMBEDDABLE: ReadonlyMap<string, string> = new Map([
  ["Id", "an id"],
  ["Formula", "a formula"],
  ["ManyToOne", "an association"],
  ["OneToMany", "an association"],
  ["ManyToMany", "an association"],
]);

const HINT_CONTENT =
  "keep only @Column() and @Embedded() properties in an @Embeddable() class; " +
  "put ids, associations and formulas on the entity that embeds it";

/**
 * Reports what the properties of an entity or embeddable (`info`) get wrong
 * about embeddables. `embeddable` says which of the two `info` is.
 */
export function checkEmbeddables(
  info: EntityInfo,
  embeddable: boolean,
  sink: DiagnosticSink,
): void {
  const owner = `${embeddable ? "embeddable" : "entity"} ${info.name}`;
  for (const property of info.properties) {
    const where = `${owner}.${property.name}`;
    const decorators = runtimeDecorators(property.declaration);
    const refused = embeddable
      ? decorators.find((d) => NOT_IN_EMBEDDABLE.has(d.name))
      : undefined;
    if (refused !== undefined) {
      sink.error(
        CODES.BAD_EMBEDDABLE,
        property.declaration,
        `${where} is ${
          NOT_IN_EMBEDDABLE.get(refused.name)
        }: an embeddable is a value stored in its owner's columns`,
        HINT_CONTENT,
      );
      continue;
    }
    const isId = decorators.some((d) => d.name === "Id");
    if (isId && embeddableNamedBy(property.declaration.type) !== undefined) {
      sink.error(
        CODES.BAD_EMBEDDABLE,
        property.declaration,
        `${where}: an id is a single column, not an embeddable`,
        "give the entity a scalar id and embed the value in another property",
      );
      continue;
    }
    if (property.kind !== "embedded") continue;
    const target = property.target;
    if (target === undefined || !isEmbeddableClass(target)) {
      sink.error(
        CODES.BAD_EMBEDDABLE,
        property.declaration,
        `${where}: @Embedded() needs an @Embeddable() class`,
        "decorate the value's class with @Embeddable(), or use an association for an entity",
      );
    } else if (embeddable && reaches(target, info.declaration, new Set())) {
      sink.error(
        CODES.BAD_EMBEDDABLE,
        property.declaration,
        `${where}: ${info.name} contains itself through this property, so its columns never end`,
        "break the cycle: an embeddable may not embed itself, directly or through others",
      );
    }
  }
}

/** The `@Embeddable()` class a type node names, if any. */
function embeddableNamedBy(
  node: ts.TypeNode | undefined,
): ts.ClassDeclaration | undefined {
  if (node === undefined || !ts.isTypeReferenceNode(node)) return undefined;
  const declaration = classOf(typeReferenceNameNode(node));
  return declaration !== undefined && isEmbeddableClass(declaration)
    ? declaration
    : undefined;
}

/** Whether embeddable `from` embeds `goal`, directly or through others. */
function reaches(
  from: ts.ClassDeclaration,
  goal: ts.ClassDeclaration,
  seen: Set<ts.ClassDeclaration>,
): boolean {
  if (from === goal) return true;
  if (seen.has(from)) return false;
  seen.add(from);
  for (const member of from.members) {
    if (!ts.isPropertyDeclaration(member)) continue;
    const embedded = runtimeDecorators(member).find((d) =>
      d.name === "Embedded"
    );
    if (embedded === undefined) continue;
    const body = embedded.decorator.expression;
    const arrow = ts.isCallExpression(body) ? body.arguments[0] : undefined;
    const target = arrow !== undefined && ts.isArrowFunction(arrow)
      ? classOf(arrow.body)
      : embeddableNamedBy(member.type);
    if (target !== undefined && reaches(target, goal, seen)) return true;
  }
  return false;
}
