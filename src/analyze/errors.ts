/**
 * Declared errors: the `@Throws(...)` of a route method, and each error
 * class it names (an `ApiError` subclass) read into an `ErrorModel`: its
 * literal `family`, `code` and `status` statics and its public fields.
 *
 * @module
 */

import type {
  ErrorModel,
  PropertyModel,
  StaticTypeModel,
  TypeRef,
} from "../model/api_model.ts";
import {
  DEFAULT_ERROR_STATUS,
  RESERVED_ERROR_FIELDS,
} from "../runtime/api_error.ts";
import { CODES, compare, type DiagnosticSink } from "./codes.ts";
import {
  classMembers,
  type ClassProperty,
  declarationsOf,
  extendsTypes,
  hasModifier,
  hasTypeFlag,
  isClassProperty,
  isParameterProperty,
  nameOf,
  scopeOf,
  staticMembers,
  textOf,
  ts,
  typeOf,
} from "./compiler.ts";
import { docOf } from "./docs.ts";
import {
  decoratorArguments,
  isRuntimeNode,
  propertyName,
  resolvedSymbol,
} from "./symbols.ts";
import type { TypeNodeMapper } from "./mapping.ts";
import { defaultOwner, propertyModel } from "./static_types.ts";
import type { TypeNames } from "./type_names.ts";

/** Constants of every Java error record; a field may not share their names. */
const JAVA_ERROR_CONSTANTS: ReadonlySet<string> = new Set([
  "FAMILY",
  "CODE",
  "STATUS",
]);

/** What the error reader is given. */
export interface ErrorsContext {
  /** Where errors go. */
  readonly sink: DiagnosticSink;
  /** Error class names are claimed here, beside the type names. */
  readonly names: TypeNames;
  /** Maps the fields' types. */
  readonly types: TypeNodeMapper;
  /** The static types reached so far (to tell hybrid ones). */
  readonly staticTypes: () => readonly StaticTypeModel[];
}

const HINT_ERROR_CLASS = "declare `class X extends ApiError` with " +
  '`static readonly family = "F"`, `static readonly code = "C"` and ' +
  "optionally `static readonly status = 404` (400 to 599)";

/** Reads `@Throws` declarations and the error classes they name, once each. */
export class ErrorReader {
  readonly #cx: ErrorsContext;
  readonly #sink: DiagnosticSink;
  /** Every error class read, with its model (undefined when it has errors). */
  readonly #classes = new Map<ts.ClassDeclaration, ErrorModel | undefined>();
  /** `family/code` -> the class that first declared it. */
  readonly #codes = new Map<string, ts.ClassDeclaration>();

  /** Fields are mapped with `cx.types`, problems reported to `cx.sink`. */
  constructor(cx: ErrorsContext) {
    this.#cx = cx;
    this.#sink = cx.sink;
  }

  /**
   * Names of the errors `@Throws` declares on a route (`[]` without one);
   * undefined when one of them is in error (reported).
   */
  readThrows(
    throws: ts.Decorator | undefined,
    where: string,
  ): string[] | undefined {
    if (throws === undefined) return [];
    const names: string[] = [];
    let failed = false;
    for (const argument of decoratorArguments(throws)) {
      const model = this.#readArgument(argument, where);
      if (model === undefined) failed = true;
      else if (!names.includes(model.name)) names.push(model.name);
    }
    return failed ? undefined : names;
  }

  /** The errors read without problems, sorted by family, then code. */
  models(): ErrorModel[] {
    return [...this.#classes.values()]
      .filter((model): model is ErrorModel => model !== undefined)
      .sort((a, b) => compare(a.family, b.family) || compare(a.code, b.code));
  }

  #readArgument(argument: ts.Node, where: string): ErrorModel | undefined {
    const named = withoutCasts(argument);
    const declaration =
      ts.isIdentifier(named) || ts.isPropertyAccessExpression(named)
        ? declarationsOf(resolvedSymbol(named)).find(ts.isClassDeclaration)
        : undefined;
    if (
      declaration === undefined || chainToApiError(declaration) === undefined
    ) {
      this.#sink.error(
        CODES.BAD_ERROR_CLASS,
        argument,
        `${where}: @Throws takes ApiError subclasses, found \`${
          textOf(argument)
        }\``,
        HINT_ERROR_CLASS,
      );
      return undefined;
    }
    if (!this.#classes.has(declaration)) {
      this.#classes.set(declaration, undefined);
      this.#classes.set(declaration, this.#readClass(declaration));
    }
    return this.#classes.get(declaration);
  }

  #readClass(declaration: ts.ClassDeclaration): ErrorModel | undefined {
    const name = nameOf(declaration) ?? "Anonymous";
    const nameNode = declaration.name ?? declaration;
    const chain = chainToApiError(declaration)!;
    const family = this.#literalStatic(chain, "family", "string", name);
    const code = this.#literalStatic(chain, "code", "string", name);
    const status = this.#literalStatic(chain, "status", "number", name);
    let failed = family === undefined || code === undefined ||
      status === undefined;
    if (typeof status === "number" && !isErrorStatus(status)) {
      this.#sink.error(
        CODES.BAD_ERROR_CLASS,
        nameNode,
        `${name}: the status ${status} is not an error status (400 to 599)`,
        HINT_ERROR_CLASS,
      );
      failed = true;
    }
    const properties = this.#fields(chain, name);
    if (properties === undefined) failed = true;
    if (!this.#cx.names.claim("type", name, declaration, nameNode, name)) {
      failed = true;
    }
    if (failed) return undefined;
    const key = `${family}/${code}`;
    const first = this.#codes.get(key);
    if (first !== undefined && first !== declaration) {
      const other = this.#sink.location(first.name ?? first);
      this.#sink.error(
        CODES.DUPLICATE_ERROR_CODE,
        nameNode,
        `${name}: family "${family}" and code "${code}" are already ` +
          `declared by ${
            nameOf(first)
          } (${other.file}:${other.line}:${other.column}); ` +
          "clients could not tell the two apart",
        "give one of them another code",
      );
      return undefined;
    }
    this.#codes.set(key, declaration);
    const doc = docOf(declaration);
    return {
      name,
      family: family as string,
      code: code as string,
      status: (status as number | null) ?? DEFAULT_ERROR_STATUS,
      ...(doc === undefined ? {} : { doc }),
      properties: properties!,
      source: this.#sink.location(nameNode),
    };
  }

  /**
   * The literal value of a static declared by the class or a base below
   * `ApiError`: null when absent and optional (`status`), undefined when in
   * error (reported).
   */
  #literalStatic(
    chain: readonly ts.ClassDeclaration[],
    static_: "family" | "code" | "status",
    kind: "string" | "number",
    name: string,
  ): string | number | null | undefined {
    let property: ClassProperty | undefined;
    for (let i = chain.length - 1; i >= 0 && property === undefined; i--) {
      property = staticProperty(chain[i]!, static_);
    }
    if (property === undefined) {
      if (static_ === "status") return null;
      this.#sink.error(
        CODES.BAD_ERROR_CLASS,
        chain[chain.length - 1]!.name ?? chain[chain.length - 1]!,
        `${name}: an ApiError needs a \`static readonly ${static_}\``,
        HINT_ERROR_CLASS,
      );
      return undefined;
    }
    const type = typeOf(property);
    const value = kind === "string"
      ? (type.isStringLiteral() ? type.value : undefined)
      : (hasTypeFlag(type, ts.TypeFlags.NumberLiteral)
        ? (type as ts.LiteralType).value
        : undefined);
    if (
      value === undefined || (kind === "string" && value === "") ||
      typeof value !== kind
    ) {
      this.#sink.error(
        CODES.BAD_ERROR_CLASS,
        property,
        `${name}: \`static ${static_}\` must be a non-empty ${kind} literal ` +
          `(declared \`readonly\`), found \`${textOf(property)}\``,
        HINT_ERROR_CLASS,
      );
      return undefined;
    }
    return value as string | number;
  }

  /** The public fields of the chain, bases first; undefined on errors. */
  #fields(
    chain: readonly ts.ClassDeclaration[],
    name: string,
  ): PropertyModel[] | undefined {
    const site = {
      where: name,
      owner: defaultOwner(chain[chain.length - 1]!),
      env: new Map(),
    };
    const fields: PropertyModel[] = [];
    let failed = false;
    for (const member of chain.flatMap(instanceFields)) {
      const field = propertyName(member);
      const scope = scopeOf(member);
      const problem = RESERVED_ERROR_FIELDS.has(field)
        ? `the field name ${field} is reserved (the body's family and code, ` +
          "or a property of Error)"
        : JAVA_ERROR_CONSTANTS.has(field)
        ? `the field name ${field} is the name of a constant of the Java ` +
          "client's error record (FAMILY, CODE, STATUS)"
        : scope === "private" || scope === "protected"
        ? `the field ${field} is ${scope} but would still be in the JSON ` +
          `body; make it public, or a #${field} field`
        : undefined;
      if (problem !== undefined) {
        this.#sink.error(
          CODES.BAD_ERROR_CLASS,
          member.name,
          `${name}: ${problem}`,
          HINT_ERROR_CLASS,
        );
        failed = true;
        continue;
      }
      const property = propertyModel(this.#cx, member, site);
      if (property === undefined) {
        failed = true;
      } else if (this.#holdsEntity(property.type, new Set())) {
        this.#sink.error(
          CODES.BAD_ERROR_CLASS,
          member.name,
          `${name}: the field ${field} holds an entity (a FetchBy shape or an ` +
            "entity type), but error bodies are sent as they are, not " +
            "trimmed to a shape",
          "send identifiers or a plain type in the error instead",
        );
        failed = true;
      } else {
        fields.push(property);
      }
    }
    return failed ? undefined : fields;
  }

  /** Whether `type` reaches a fetched shape or an entity. */
  #holdsEntity(type: TypeRef, seen: Set<string>): boolean {
    if (type.kind === "fetched" || type.kind === "dynamic") return true;
    if (type.kind === "static" && !seen.has(type.name)) {
      seen.add(type.name);
      const declared = this.#cx.staticTypes().find((s) => s.name === type.name);
      if (declared?.properties.some((p) => this.#holdsEntity(p.type, seen))) {
        return true;
      }
    }
    return childTypes(type).some((child) => this.#holdsEntity(child, seen));
  }
}

/** A TypeRef's direct children, static types' properties aside. */
function childTypes(type: TypeRef): readonly TypeRef[] {
  switch (type.kind) {
    case "array":
      return [type.element];
    case "map":
      return [type.value];
    case "static":
      return type.args;
    case "object":
      return type.properties.map((p) => p.type);
    default:
      return [];
  }
}

/** `X` of `X as never`, `(X)`, `X!` or `X satisfies T`. */
function withoutCasts(node: ts.Node): ts.Node {
  let current = node;
  while (
    ts.isAsExpression(current) || ts.isParenthesizedExpression(current) ||
    ts.isNonNullExpression(current) || ts.isSatisfiesExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

/** Whether `status` is an HTTP error status an `ApiError` may answer. */
export function isErrorStatus(status: number): boolean {
  return Number.isInteger(status) && status >= 400 && status <= 599;
}

/**
 * The classes from the one right below the runtime's `ApiError` down to
 * `declaration`; undefined when `declaration` does not extend `ApiError`.
 */
function chainToApiError(
  declaration: ts.ClassDeclaration,
): ts.ClassDeclaration[] | undefined {
  const chain: ts.ClassDeclaration[] = [];
  let current: ts.ClassDeclaration | undefined = declaration;
  while (current !== undefined && chain.length < 32) {
    if (isRuntimeNode(current)) {
      return nameOf(current) === "ApiError" && chain.length > 0
        ? chain.reverse()
        : undefined;
    }
    chain.push(current);
    const expression: ts.Expression | undefined = extendsTypes(current)[0]
      ?.expression;
    current = expression === undefined
      ? undefined
      : declarationsOf(resolvedSymbol(expression)).find(ts.isClassDeclaration);
  }
  return undefined;
}

/**
 * A static field or accessor of a class by name (ts-morph's
 * `getStaticProperty(name)`).
 */
function staticProperty(
  declaration: ts.ClassDeclaration,
  name: string,
): ClassProperty | undefined {
  return staticMembers(declaration).find((member): member is ClassProperty =>
    isClassProperty(member) && nameOf(member) === name
  );
}

/**
 * Instance fields an error's JSON body carries: parameter properties, then
 * property declarations, in source order; `#private` ones are left out.
 */
function instanceFields(
  declaration: ts.ClassDeclaration,
): (ts.ParameterDeclaration | ts.PropertyDeclaration)[] {
  const members = classMembers(declaration);
  const fields: (ts.ParameterDeclaration | ts.PropertyDeclaration)[] = [];
  for (const member of members) {
    if (!ts.isConstructorDeclaration(member)) continue;
    fields.push(...member.parameters.filter(isParameterProperty));
  }
  for (const member of members) {
    if (!ts.isPropertyDeclaration(member)) continue;
    if (hasModifier(member, ts.SyntaxKind.StaticKeyword)) continue;
    if (ts.isPrivateIdentifier(member.name)) continue;
    fields.push(member);
  }
  return fields;
}
