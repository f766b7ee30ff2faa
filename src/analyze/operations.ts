/**
 * One route method -> `OperationModel`: parameters by marker type, result
 * type, groups, docs, and the per-operation checks (bodies, path variables,
 * simple parameters, groups).
 *
 * @module
 */

import {
  Node,
  type ParameterDeclaration,
  SyntaxKind,
  type TypeNode,
} from "ts-morph";
import type {
  InjectedParameterModel,
  OperationModel,
  ParameterLocation,
  ParameterModel,
} from "../model/api_model.ts";
import { CODES } from "./codes.ts";
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
import { buildResult } from "./results.ts";
import { defaultOwner } from "./static_types.ts";
import type { TypeMapper } from "./type_mapper.ts";

const PARAMETER_MARKERS: ReadonlyMap<string, ParameterLocation | "ignore"> =
  new Map([
    ["PathVariable", "path"],
    ["RequestParam", "query"],
    ["RequestHeader", "header"],
    ["RequestBody", "body"],
    ["RequestPart", "part"],
    ["ApiIgnore", "ignore"],
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
  const name = method.getName();
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
  let body: ParameterDeclaration | undefined;
  let part: ParameterDeclaration | undefined;
  let mixed = false;
  const partNames = new Map<string, ParameterDeclaration>();
  const pathParameters = new Map<string, ParameterDeclaration>();
  for (const [index, parameter] of method.getParameters().entries()) {
    const model = buildParameter(parameter, site, mapper, docs);
    if (typeof model === "string") {
      injected.push({ name: parameter.getName(), index, type: model });
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
          parameter.getNameNode(),
          `${where}: parameters ${body.getName()} and ${parameter.getName()} are both the request body`,
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
          parameter.getNameNode(),
          `${where}: parameters ${same.getName()} and ${parameter.getName()} are both the part "${model.wireName}"`,
          'give one another name: RequestPart<T, "other-name">',
        );
        failed = true;
      }
      partNames.set(model.wireName, parameter);
    }
    if (!mixed && body !== undefined && part !== undefined) {
      mixed = true;
      const [bodyName, partName] = [body.getName(), part.getName()];
      sink.error(
        CODES.BODY_AND_PARTS,
        parameter.getNameNode(),
        `${where}: ${bodyName} is the request body and ${partName} a multipart part; a request has one or the other`,
        `make ${bodyName} a RequestPart<T> too, or send the parts' data in the body`,
      );
      failed = true;
    }
    if (model.in === "path") pathParameters.set(model.wireName, parameter);
    parameters.push(model);
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
      parameter.getNameNode(),
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
    parameters,
    ...(injected.length === 0 ? {} : { injected }),
    result,
    source: sink.location(method.getNameNode()),
  };
}

function unique(names: readonly string[]): string[] {
  return [...new Set(names)];
}

/** The marker of a parameter type: `RequestParam<T>` -> query and `T`. */
function marker(
  typeNode: TypeNode | undefined,
): { kind: ParameterLocation | "ignore"; args: TypeNode[] } | undefined {
  if (typeNode === undefined || !Node.isTypeReference(typeNode)) {
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
    : { kind, args: typeNode.getTypeArguments() };
}

function buildParameter(
  parameter: ParameterDeclaration,
  operationSite: Site,
  mapper: TypeMapper,
  docs: ReadonlyMap<string, string>,
): ParameterModel | string | undefined {
  const sink = mapper.sink;
  const name = parameter.getName();
  const where = `${operationSite.where}, parameter ${name}`;
  const site: Site = { ...operationSite, where };
  if (
    parameter.isRestParameter() ||
    !Node.isIdentifier(parameter.getNameNode())
  ) {
    reportUnsupported(
      sink,
      parameter,
      site,
      "rest and destructured parameters",
    );
    return undefined;
  }
  const typeNode = parameter.getTypeNode();
  const marked = marker(typeNode);
  if (marked?.kind === "ignore") return injectedTypeName(marked.args[0]);
  const location: ParameterLocation = marked?.kind ?? "query";
  let wireName = name;
  if (location === "header" || location === "part") {
    const nameNode = marked?.args[1];
    const literal = nameNode !== undefined &&
        Node.isLiteralTypeNode(nameNode) &&
        Node.isStringLiteral(nameNode.getLiteral())
      ? (nameNode.getLiteral() as unknown as { getLiteralValue(): string })
        .getLiteralValue()
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
      required: !parameter.hasQuestionToken() && !parameter.hasInitializer(),
      ...(doc === undefined ? {} : { doc }),
    };
  }
  let mapped: Mapped | undefined;
  if (valueNode !== undefined) {
    mapped = mapper.map(valueNode, site);
  } else if (typeNode === undefined) {
    mapped = mapper.mapInferred(parameter.getType(), parameter, site);
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
  if (location !== "body" && location !== "part" && !isSimple(mapped.type)) {
    sink.error(
      CODES.NON_SIMPLE_PARAMETER,
      parameter.getNameNode(),
      marked === undefined
        ? `${where}: the parameter has no marker and its type \`${
          valueNode?.getText() ?? "?"
        }\` is not simple, so it cannot be a query parameter`
        : `${where}: a ${location} parameter must have a simple type (primitive, enum, or array of those), not \`${
          valueNode?.getText() ?? "?"
        }\``,
      marked === undefined
        ? "mark it RequestBody<T> if it is the body, or ApiIgnore<T> if the runtime injects it"
        : "send structured data as RequestBody<T>",
    );
    return undefined;
  }
  const initializer = parameter.getInitializer();
  const optional = location !== "path" &&
    (initializer !== undefined || parameter.hasQuestionToken() ||
      mapped.nullable);
  const defaultValue = initializer === undefined
    ? undefined
    : literalValue(initializer);
  const doc = docs.get(name);
  return {
    name,
    in: location,
    wireName,
    type: mapped.type,
    required: !optional,
    ...(defaultValue === undefined ? {} : { defaultValue }),
    ...(doc === undefined ? {} : { doc }),
  };
}

/**
 * Whether a part's type is an uploaded file: `File` or `Blob` of the
 * platform (a lib declaration, or none when the project's lib lacks them),
 * not a project type of that name.
 */
function isFile(node: TypeNode): boolean {
  if (!Node.isTypeReference(node)) return false;
  const nameNode = typeReferenceNameNode(node);
  if (!["File", "Blob"].includes(nameNode.getText())) return false;
  const declarations = resolvedSymbol(nameNode)?.getDeclarations() ?? [];
  return declarations.every((d) => d.getSourceFile().isDeclarationFile());
}

/** The value of a literal initializer: numbers (negative too), strings, booleans. */
export function literalValue(
  node: Node,
): string | number | boolean | undefined {
  if (
    Node.isStringLiteral(node) ||
    Node.isNoSubstitutionTemplateLiteral(node)
  ) {
    return node.getLiteralValue();
  }
  if (Node.isNumericLiteral(node)) return node.getLiteralValue();
  if (Node.isTrueLiteral(node)) return true;
  if (Node.isFalseLiteral(node)) return false;
  if (
    Node.isPrefixUnaryExpression(node) &&
    node.getOperatorToken() === SyntaxKind.MinusToken
  ) {
    const operand = node.getOperand();
    if (Node.isNumericLiteral(operand)) return -operand.getLiteralValue();
  }
  if (Node.isParenthesizedExpression(node)) {
    return literalValue(node.getExpression());
  }
  if (Node.isAsExpression(node) || Node.isSatisfiesExpression(node)) {
    return literalValue(node.getExpression());
  }
  return undefined;
}

/** The name `inject` keys an `ApiIgnore<T>` parameter by: `T`'s name. */
function injectedTypeName(typeNode: TypeNode | undefined): string {
  if (typeNode === undefined) return "unknown";
  return Node.isTypeReference(typeNode)
    ? typeReferenceNameNode(typeNode).getText()
    : typeNode.getText();
}
