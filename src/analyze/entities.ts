/**
 * Entities as the analyzer sees them: `@Entity()` classes with their
 * persistent properties (declaration order), associations and docs.
 *
 * @module
 */

import { declarationsOf, instanceMembers, nameOf, ts } from "./compiler.ts";
import { docOf } from "./docs.ts";
import {
  decoratorArguments,
  propertyName,
  resolvedSymbol,
  runtimeDecorators,
  typeReferenceNameNode,
} from "./symbols.ts";

/** Decorators of persistent properties, by runtime name. */
const PROPERTY_DECORATORS: ReadonlyMap<string, EntityProperty["kind"]> =
  new Map([
    ["Id", "scalar"],
    ["Column", "scalar"],
    ["Formula", "scalar"],
    ["ManyToOne", "association"],
    ["OneToMany", "association"],
    ["ManyToMany", "association"],
    ["Embedded", "embedded"],
  ]);

/** One persistent property of an entity. */
export interface EntityProperty {
  readonly name: string;
  readonly declaration: ts.PropertyDeclaration;
  readonly doc?: string;
  /** `embedded`: an `@Embedded()` value of an `@Embeddable()` class. */
  readonly kind: "scalar" | "association" | "embedded";
  /** For associations: one-to-many and many-to-many. */
  readonly toMany: boolean;
  /**
   * For associations: the target entity class, when it could be resolved;
   * for an embedded value: its class.
   */
  readonly target?: ts.ClassDeclaration;
}

/** An entity class. */
export interface EntityInfo {
  /** The entity's name: `@Entity("name")`, else the class name. */
  readonly name: string;
  readonly declaration: ts.ClassDeclaration;
  readonly doc?: string;
  /** Persistent properties in declaration order. */
  readonly properties: readonly EntityProperty[];
  /** Declaration index of each property, for ordering shapes. */
  readonly order: ReadonlyMap<string, number>;
}

/** The `@Entity()` decorator of a class, when it has ours. */
export function isEntityClass(declaration: ts.ClassDeclaration): boolean {
  return runtimeDecorators(declaration).some((d) => d.name === "Entity");
}

/** Reads an entity class. Call only for classes with `@Entity()`. */
export function readEntity(declaration: ts.ClassDeclaration): EntityInfo {
  const entityDecorator = runtimeDecorators(declaration).find((d) =>
    d.name === "Entity"
  );
  const nameArgument = entityDecorator &&
    decoratorArguments(entityDecorator.decorator)[0];
  const name = nameArgument !== undefined && ts.isStringLiteral(nameArgument)
    ? nameArgument.text
    : nameOf(declaration) ?? "Anonymous";
  const properties: EntityProperty[] = [];
  for (const property of instanceMembers(declaration)) {
    if (!ts.isPropertyDeclaration(property)) continue;
    const decorators = runtimeDecorators(property);
    const found = decorators.find((d) => PROPERTY_DECORATORS.has(d.name));
    if (found === undefined) continue;
    const kind = PROPERTY_DECORATORS.get(found.name)!;
    const doc = docOf(property);
    if (kind === "scalar") {
      properties.push({
        name: propertyName(property),
        declaration: property,
        ...(doc === undefined ? {} : { doc }),
        kind,
        toMany: false,
      });
      continue;
    }
    const target = kind === "embedded"
      ? embeddedTarget(property, found.decorator)
      : associationTarget(property, found.decorator);
    properties.push({
      name: propertyName(property),
      declaration: property,
      ...(doc === undefined ? {} : { doc }),
      kind,
      toMany: found.name !== "ManyToOne",
      ...(target === undefined ? {} : { target }),
    });
  }
  const doc = docOf(declaration);
  return {
    name,
    declaration,
    ...(doc === undefined ? {} : { doc }),
    properties,
    order: new Map(properties.map((p, i) => [p.name, i])),
  };
}

/** The target class of an association: `() => Target`, else the property type. */
function associationTarget(
  property: ts.PropertyDeclaration,
  decorator: ts.Decorator,
): ts.ClassDeclaration | undefined {
  const first = decoratorArguments(decorator)[0];
  if (first !== undefined && ts.isArrowFunction(first)) {
    const target = classOf(first.body);
    if (target !== undefined) return target;
  }
  // Fall back to the declared type: `T`, `T | null`, `T[]`, `Array<T>`.
  const typeNode = property.type;
  return typeNode === undefined ? undefined : entityIn(typeNode);
}

/** The class of an embedded value: `() => Type`, else the property type. */
function embeddedTarget(
  property: ts.PropertyDeclaration,
  decorator: ts.Decorator,
): ts.ClassDeclaration | undefined {
  const first = decoratorArguments(decorator)[0];
  if (first !== undefined && ts.isArrowFunction(first)) {
    return classOf(first.body);
  }
  const typeNode = property.type;
  return typeNode !== undefined && ts.isTypeReferenceNode(typeNode)
    ? classOf(typeReferenceNameNode(typeNode))
    : undefined;
}

/**
 * The first entity class named by a type reference in a type node (the
 * node itself, then its descendants in source order).
 */
function entityIn(node: ts.Node): ts.ClassDeclaration | undefined {
  if (ts.isTypeReferenceNode(node)) {
    const target = classOf(typeReferenceNameNode(node));
    if (target !== undefined && isEntityClass(target)) return target;
  }
  return ts.forEachChild(node, entityIn);
}

/** The class an expression or name resolves to. */
export function classOf(node: ts.Node): ts.ClassDeclaration | undefined {
  return declarationsOf(resolvedSymbol(node)).find(ts.isClassDeclaration);
}
