/**
 * One route method -> `OperationModel`: parameters by marker type, result
 * type, groups, docs, and the per-operation checks (bodies, path variables,
 * simple parameters, groups).
 *
 * @module
 */

import type {
  InjectedParameterModel,
  OperationModel,
  ParameterLocation,
  ParameterModel,
  PropertyModel,
} from "../model/api_model.ts";
import { constraintViolation } from "../model/constraints.ts";
import { CODES } from "./codes.ts";
import { declarationsOf, nameOf, textOf, ts, typeOf } from "./compiler.ts";
import type { ControllerInfo, RouteInfo } from "./controllers.ts";
import { docOf, parameterDocs } from "./docs.ts";
import {
  decoratorArguments,
  resolvedSymbol,
  runtimeNameOfSymbol,
  typeReferenceNameNode,
} from "./symbols.ts";
import {
  isSimple,
  type Mapped,
  reportUnsupported,
  type Site,
} from "./mapping.ts";
import { checkQueryKeys, queryObjectProperties } from "./query_objects.ts";
import { buildResult } from "./results.ts";
import { withStoreParameterRules } from "./store_rules.ts";
import { defaultOwner } from "./static_types.ts";
import type { TypeMapper } from "./type_mapper.ts";

const PARAMETER_MARKERS: ReadonlyMap<
  string,
  ParameterLocation | "ignore" | "fetcher"
> = new Map([
  ["PathVariable", "path"],
  ["RequestParam", "query"],
  ["RequestHeader", "header"],
  ["RequestBody", "body"],
  ["RequestPart", "part"],
  ["ApiIgnore", "ignore"],
  ["ClientFetcher", "fetcher"],
]);

/** Names of the `{name}` variables of a path, in order. */
export function pathVariables(path: string): string[] {
  return [...path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]!);
}

/** Builds the operation of a route; undefined when it has errors (reported). */
export function buildOperation(
  controller: ControllerInfo,
  route: RouteInfo,
  mapper: TypeMapper,
): OperationModel | undefined {
  const method = route.declaration;
  const name = nameOf(method)!;
  const where = `${controller.name}.${name}`;
  const site: Site = {
    where,
    owner: defaultOwner(controller.declaration),
    env: new Map(),
  };
  const sink = mapper.sink;
  let failed = false;

  // Groups: the method's own, else the class's; the method's must be the class's.
  const classGroups = controller.api?.groups.map((g) => g.name) ?? [];
  const ownGroups = route.api?.groups ?? [];
  if (classGroups.length > 0) {
    for (const group of ownGroups) {
      if (classGroups.includes(group.name)) continue;
      sink.error(
        CODES.UNKNOWN_METHOD_GROUP,
        group.node,
        `${where}: group "${group.name}" is not among the groups of ${controller.name} (${
          classGroups.map((g) => `"${g}"`).join(", ")
        })`,
        `add "${group.name}" to @Api on ${controller.name}, or remove it from the method`,
      );
      failed = true;
    }
  }
  const groups = ownGroups.length > 0
    ? unique(ownGroups.map((g) => g.name))
    : unique(classGroups);

  // Parameters.
  const docs = parameterDocs(method);
  const parameters: ParameterModel[] = [];
  const injected: InjectedParameterModel[] = [];
  let body: ts.ParameterDeclaration | undefined;
  let part: ts.ParameterDeclaration | undefined;
  let mixed = false;
  let fetcherParameter: ts.ParameterDeclaration | undefined;
  const partNames = new Map<string, ts.ParameterDeclaration>();
  const pathParameters = new Map<string, ts.ParameterDeclaration>();
  for (const [index, parameter] of method.parameters.entries()) {
    const model = buildParameter(parameter, site, mapper, docs);
    if (typeof model === "string") {
      injected.push({ name: nameOf(parameter)!, index, type: model });
      continue;
    }
    if (model === undefined) {
      failed = true;
      continue;
    }
    if (model.in === "body") {
      if (body !== undefined) {
        sink.error(
          CODES.TWO_BODIES,
          parameter.name,
          `${where}: parameters ${nameOf(body)} and ${
            nameOf(parameter)
          } are both the request body`,
          "send one body: merge them into one interface, or mark one as another kind of parameter",
        );
        failed = true;
      }
      body = parameter;
    }
    if (model.in === "part") {
      part ??= parameter;
      const same = partNames.get(model.wireName);
      if (same !== undefined) {
        sink.error(
          CODES.NAME_CLASH,
          parameter.name,
          `${where}: parameters ${nameOf(same)} and ${
            nameOf(parameter)
          } are both the part "${model.wireName}"`,
          'give one another name: RequestPart<T, "other-name">',
        );
        failed = true;
      }
      partNames.set(model.wireName, parameter);
    }
    if (!mixed && body !== undefined && part !== undefined) {
      mixed = true;
      const [bodyName, partName] = [nameOf(body), nameOf(part)];
      sink.error(
        CODES.BODY_AND_PARTS,
        parameter.name,
        `${where}: ${bodyName} is the request body and ${partName} a multipart part; a request has one or the other`,
        `make ${bodyName} a RequestPart<T> too, or send the parts' data in the body`,
      );
      failed = true;
    }
    if (model.fetcher !== undefined) {
      if (fetcherParameter !== undefined) {
        sink.error(
          CODES.BAD_CLIENT_FETCHER,
          parameter.name,
          `${where}: parameters ${nameOf(fetcherParameter)} and ${
            nameOf(parameter)
          } are both a ClientFetcher; an operation takes one fetcher from the client`,
          "keep one ClientFetcher parameter",
        );
        failed = true;
        continue;
      }
      fetcherParameter = parameter;
    }
    if (model.in === "path") pathParameters.set(model.wireName, parameter);
    parameters.push(model);
  }

  if (!checkQueryKeys(parameters, method.parameters, where, sink)) {
    failed = true;
  }

  // Path variables and PathVariable parameters match one to one.
  const variables = pathVariables(route.path);
  for (const variable of variables) {
    if (pathParameters.has(variable)) continue;
    const pathArgument = decoratorArguments(route.routeDecorator)[0];
    sink.error(
      CODES.UNBOUND_PATH_VARIABLE,
      pathArgument ?? route.routeDecorator,
      `${where}: the path ${route.path} has the variable {${variable}} but no parameter binds it`,
      `add a parameter \`${variable}: PathVariable<T>\``,
    );
    failed = true;
  }
  for (const [variable, parameter] of pathParameters) {
    if (variables.includes(variable)) continue;
    sink.error(
      CODES.MISSING_PATH_VARIABLE,
      parameter.name,
      `${where}: parameter ${variable} is a PathVariable but the path ${route.path} has no {${variable}}`,
      `add {${variable}} to the route's path, or make the parameter a RequestParam`,
    );
    failed = true;
  }

  const result = buildResult(route, site, mapper);
  if (result === undefined || failed) return undefined;
  const doc = docOf(method);
  return {
    name,
    httpMethod: route.httpMethod,
    path: route.path,
    ...(doc === undefined ? {} : { doc }),
    groups,
    parameters: withStoreParameterRules(
      parameters,
      result.type,
      (entity) => mapper.sortableProperties(entity),
    ),
    ...(injected.length === 0 ? {} : { injected }),
    result,
    source: sink.location(method.name),
  };
}

function unique(names: readonly string[]): string[] {
  return [...new Set(names)];
}

/** The marker of a parameter type: `RequestParam<T>` -> query and `T`. */
function marker(
  typeNode: ts.TypeNode | undefined,
):
  | {
    kind: ParameterLocation | "ignore" | "fetcher";
    args: readonly ts.TypeNode[];
  }
  | undefined {
  if (typeNode === undefined || !ts.isTypeReferenceNode(typeNode)) {
    return undefined;
  }
  const runtime = runtimeNameOfSymbol(
    resolvedSymbol(typeReferenceNameNode(typeNode)),
  );
  const kind = runtime === undefined
    ? undefined
    : PARAMETER_MARKERS.get(runtime);
  return kind === undefined
    ? undefined
    : { kind, args: typeNode.typeArguments ?? [] };
}

function buildParameter(
  parameter: ts.ParameterDeclaration,
  operationSite: Site,
  mapper: TypeMapper,
  docs: ReadonlyMap<string, string>,
): ParameterModel | string | undefined {
  const sink = mapper.sink;
  const name = nameOf(parameter)!;
  const where = `${operationSite.where}, parameter ${name}`;
  const site: Site = { ...operationSite, where };
  if (
    parameter.dotDotDotToken !== undefined || !ts.isIdentifier(parameter.name)
  ) {
    reportUnsupported(
      sink,
      parameter,
      site,
      "rest and destructured parameters",
    );
    return undefined;
  }
  const typeNode = parameter.type;
  const marked = marker(typeNode);
  if (marked?.kind === "ignore") return injectedTypeName(marked.args[0]);
  if (marked?.kind === "fetcher") {
    return clientFetcherParameter(
      parameter,
      marked.args[0],
      site,
      mapper,
      docs,
    );
  }
  const location: ParameterLocation = marked?.kind ?? "query";
  let wireName = name;
  if (location === "header" || location === "part") {
    const nameNode = marked?.args[1];
    const literal = nameNode !== undefined &&
        ts.isLiteralTypeNode(nameNode) && ts.isStringLiteral(nameNode.literal)
      ? nameNode.literal.text
      : undefined;
    if (literal === undefined && (location === "header" || nameNode)) {
      sink.error(
        CODES.NON_LITERAL_ARGUMENT,
        nameNode ?? parameter,
        `${where}: the ${location} name must be a string literal type`,
        location === "header"
          ? 'write RequestHeader<T, "header-name">'
          : 'write RequestPart<T, "part-name">, or leave the name out',
      );
      return undefined;
    }
    wireName = literal ?? name;
  }
  const valueNode = marked === undefined ? typeNode : marked.args[0];
  if (location === "part" && valueNode !== undefined && isFile(valueNode)) {
    const doc = docs.get(name);
    return {
      name,
      in: location,
      wireName,
      type: { kind: "file" },
      required: parameter.questionToken === undefined &&
        parameter.initializer === undefined,
      ...(doc === undefined ? {} : { doc }),
    };
  }
  let mapped: Mapped | undefined;
  if (valueNode !== undefined) {
    mapped = mapper.map(valueNode, site);
  } else if (typeNode === undefined) {
    mapped = mapper.mapInferred(typeOf(parameter), parameter, site);
  } else {
    reportUnsupported(
      sink,
      typeNode,
      site,
      "a marker without its type argument",
    );
  }
  if (mapped === undefined) return undefined;
  if (mapped.type.kind === "void") {
    reportUnsupported(
      sink,
      valueNode ?? parameter,
      site,
      "a parameter without a value",
    );
    return undefined;
  }
  let properties: readonly PropertyModel[] | undefined;
  if (
    location === "query" && marked !== undefined &&
    mapped.type.kind === "static"
  ) {
    properties = queryObjectProperties(mapped.type, valueNode!, site, mapper);
    if (properties === undefined) return undefined;
  } else if (
    location !== "body" && location !== "part" && !isSimple(mapped.type)
  ) {
    sink.error(
      CODES.NON_SIMPLE_PARAMETER,
      parameter.name,
      marked === undefined
        ? `${where}: the parameter has no marker and its type \`${
          valueNode === undefined ? "?" : textOf(valueNode)
        }\` is not simple, so it cannot be a query parameter`
        : `${where}: a ${location} parameter must have a simple type (primitive, enum, or array of those${
          location === "query" ? ", or an object of such properties" : ""
        }), not \`${valueNode === undefined ? "?" : textOf(valueNode)}\``,
      marked === undefined
        ? "mark it RequestParam<T> to send its properties as query parameters, RequestBody<T> if it is the body, or ApiIgnore<T> if the runtime injects it"
        : "send structured data as RequestBody<T>",
    );
    return undefined;
  }
  const initializer = parameter.initializer;
  const optional = location !== "path" &&
    (initializer !== undefined || parameter.questionToken !== undefined ||
      mapped.nullable);
  const defaultValue = initializer === undefined
    ? undefined
    : literalValue(initializer);
  const violation = defaultValue === undefined || !mapped.constraints
    ? undefined
    : constraintViolation(defaultValue, mapped.constraints);
  if (violation !== undefined) {
    sink.error(
      CODES.BAD_CONSTRAINT,
      initializer!,
      `${where}: the default value ${violation}`,
      "make the default keep the parameter's constraints",
    );
    return undefined;
  }
  const doc = docs.get(name);
  return {
    name,
    in: location,
    wireName,
    type: mapped.type,
    required: !optional,
    ...(defaultValue === undefined ? {} : { defaultValue }),
    ...(doc === undefined ? {} : { doc }),
    ...(mapped.constraints === undefined
      ? {}
      : { constraints: mapped.constraints }),
    ...(properties === undefined ? {} : { properties }),
  };
}

/**
 * Whether a part's type is an uploaded file: `File` or `Blob` of the
 * platform (a lib declaration, or none when the project's lib lacks them),
 * not a project type of that name.
 */
function isFile(node: ts.TypeNode): boolean {
  if (!ts.isTypeReferenceNode(node)) return false;
  const nameNode = typeReferenceNameNode(node);
  if (!["File", "Blob"].includes(textOf(nameNode))) return false;
  return declarationsOf(resolvedSymbol(nameNode)).every((d) =>
    d.getSourceFile().isDeclarationFile
  );
}

/** The value of a literal initializer: numbers (negative too), strings, booleans. */
export function literalValue(
  node: ts.Node,
): string | number | boolean | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    return node.text;
  }
  if (ts.isNumericLiteral(node)) return numericValue(node);
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (
    ts.isPrefixUnaryExpression(node) &&
    node.operator === ts.SyntaxKind.MinusToken
  ) {
    const operand = node.operand;
    if (ts.isNumericLiteral(operand)) return -numericValue(operand);
  }
  if (ts.isParenthesizedExpression(node)) {
    return literalValue(node.expression);
  }
  if (ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) {
    return literalValue(node.expression);
  }
  return undefined;
}

/** A numeric literal's value, read from its text as ts-morph reads it. */
function numericValue(node: ts.NumericLiteral): number {
  const text = node.text;
  return text.indexOf(".") >= 0 ? parseFloat(text) : parseInt(text, 10);
}

/**
 * A `ClientFetcher<E>` parameter: the query parameter `fetcherCode` (or
 * `fetcherId`), a fetcher of the entity `E`, which the mapping registers as a
 * dynamic entity with all it reaches (what the client's builder covers).
 */
function clientFetcherParameter(
  parameter: ts.ParameterDeclaration,
  entityNode: ts.TypeNode | undefined,
  site: Site,
  mapper: TypeMapper,
  docs: ReadonlyMap<string, string>,
): ParameterModel | undefined {
  const name = nameOf(parameter)!;
  const mapped = entityNode === undefined
    ? undefined
    : mapper.map(entityNode, site);
  if (mapped === undefined) {
    if (entityNode === undefined) {
      mapper.sink.error(
        CODES.BAD_CLIENT_FETCHER,
        parameter.name,
        `${site.where}: ClientFetcher needs the entity it fetches`,
        "write ClientFetcher<E> with E an @Entity() class",
      );
    }
    return undefined;
  }
  if (mapped.type.kind !== "dynamic" || mapped.nullable) {
    mapper.sink.error(
      CODES.BAD_CLIENT_FETCHER,
      entityNode!,
      `${site.where}: ClientFetcher<${
        textOf(entityNode!)
      }> is not a fetcher of an entity`,
      "write ClientFetcher<E> with E an @Entity() class",
    );
    return undefined;
  }
  const doc = docs.get(name);
  return {
    name,
    in: "query",
    wireName: "fetcherCode",
    type: { kind: "primitive", name: "string" },
    required: false,
    ...(doc === undefined ? {} : { doc }),
    fetcher: { entity: mapped.type.entity },
  };
}

/** The name `inject` keys an `ApiIgnore<T>` parameter by: `T`'s name. */
function injectedTypeName(typeNode: ts.TypeNode | undefined): string {
  if (typeNode === undefined) return "unknown";
  return ts.isTypeReferenceNode(typeNode)
    ? textOf(typeReferenceNameNode(typeNode))
    : textOf(typeNode);
}
