/**
 * Object query parameters (`RequestParam<Filter>`): a static type whose
 * properties are all simple (primitives, enums, arrays of those) is sent as
 * one query parameter per property. A property that is not simple (a
 * nested object, a map...) is an error at the property (TAILOR011), and so
 * is a property that sends the same query key as another query parameter
 * of the method (TAILOR015).
 *
 * @module
 */

import type {
  ParameterModel,
  PropertyModel,
  TypeRef,
} from "../model/api_model.ts";
import { flattenQuery } from "../model/query_object.ts";
import { CODES, type DiagnosticSink } from "./codes.ts";
import { declarationsOf, nameOf, textOf, ts } from "./compiler.ts";
import { isSimple, type Site } from "./mapping.ts";
import {
  propertyName,
  resolvedSymbol,
  typeReferenceNameNode,
} from "./symbols.ts";
import type { TypeMapper } from "./type_mapper.ts";

/**
 * The properties of the object query parameter of static type `type`,
 * written `typeNode`; undefined when one is not simple (reported).
 */
export function queryObjectProperties(
  type: Extract<TypeRef, { kind: "static" }>,
  typeNode: ts.TypeNode,
  site: Site,
  mapper: TypeMapper,
): readonly PropertyModel[] | undefined {
  const model = mapper.staticType(type.name);
  if (model === undefined) {
    mapper.sink.error(
      CODES.NON_SIMPLE_PARAMETER,
      typeNode,
      `${site.where}: \`${
        textOf(typeNode)
      }\` refers to itself, so it cannot be flattened into query parameters`,
      "send structured data as RequestBody<T>",
    );
    return undefined;
  }
  let failed = false;
  for (const property of model.properties) {
    if (isSimple(property.type)) continue;
    const member = memberNode(typeNode, property.name);
    const written = member?.type === undefined
      ? describe(property.type)
      : textOf(member.type);
    mapper.sink.error(
      CODES.NON_SIMPLE_PARAMETER,
      member ?? typeNode,
      `${site.where}: property ${property.name} of ${type.name} is \`${written}\`, but the properties of a query object must be simple (primitive, enum, or array of those)`,
      `lift the nested values into ${type.name} itself, or send ${type.name} as RequestBody<T>`,
    );
    failed = true;
  }
  return failed ? undefined : model.properties;
}

/** What a type is, for a property whose declaration was not found. */
function describe(type: TypeRef): string {
  return type.kind === "static" ? type.name : `a ${type.kind}`;
}

/** The declaration of property `name` in the type `typeNode` refers to. */
function memberNode(
  typeNode: ts.TypeNode,
  name: string,
): (ts.Node & { readonly type?: ts.TypeNode }) | undefined {
  if (!ts.isTypeReferenceNode(typeNode)) return undefined;
  for (
    const declaration of declarationsOf(
      resolvedSymbol(typeReferenceNameNode(typeNode)),
    )
  ) {
    const members = ts.isInterfaceDeclaration(declaration) ||
        ts.isClassDeclaration(declaration)
      ? declaration.members
      : ts.isTypeAliasDeclaration(declaration) &&
          ts.isTypeLiteralNode(declaration.type)
      ? declaration.type.members
      : [];
    const member = members.find((m) =>
      (ts.isPropertySignature(m) || ts.isPropertyDeclaration(m)) &&
      propertyName(m) === name
    );
    if (member !== undefined) return member as ts.PropertySignature;
  }
  return undefined;
}

/**
 * Reports (TAILOR015) a query key that two query parameters of a method
 * send: a search form's property named like another query parameter or
 * another form's property. `declarations` are the method's parameters;
 * true when there is none.
 */
export function checkQueryKeys(
  parameters: readonly ParameterModel[],
  declarations: readonly ts.ParameterDeclaration[],
  where: string,
  sink: DiagnosticSink,
): boolean {
  const senders = new Map<string, string>();
  let ok = true;
  for (const parameter of parameters) {
    if (parameter.in !== "query") continue;
    for (const { wireName } of flattenQuery(parameter)) {
      const other = senders.get(wireName);
      senders.set(wireName, parameter.name);
      if (other === undefined) continue;
      const node = declarations.find((d) => nameOf(d) === parameter.name);
      sink.error(
        CODES.NAME_CLASH,
        node?.name ?? declarations[0]!,
        `${where}: parameters ${other} and ${parameter.name} both send the query parameter "${wireName}"`,
        "rename the search form's property, or the other parameter",
      );
      ok = false;
    }
  }
  return ok;
}
