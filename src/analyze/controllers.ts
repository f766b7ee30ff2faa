/**
 * Controllers and routes as declared in source: which classes are
 * controllers, their prefixes, routes, `@Api` groups and `@ApiIgnore`s,
 * and which of them take part in client generation.
 *
 * @module
 */

import type { HttpMethod } from "../model/api_model.ts";
import { normalizePath } from "../runtime/api.ts";
import { CODES, type DiagnosticSink } from "./codes.ts";
import {
  filePathOf,
  instanceMembers,
  nameOf,
  textOf,
  ts,
  typeOf,
} from "./compiler.ts";
import { decoratorArguments, runtimeDecorators } from "./symbols.ts";

const ROUTE_DECORATORS: ReadonlyMap<string, HttpMethod> = new Map([
  ["Get", "GET"],
  ["Post", "POST"],
  ["Put", "PUT"],
  ["Patch", "PATCH"],
  ["Delete", "DELETE"],
]);

/** `@Api(...)` as written: its groups and where each was written. */
export interface ApiMark {
  readonly decorator: ts.Decorator;
  readonly groups: readonly {
    readonly name: string;
    readonly node: ts.Node;
  }[];
}

/** A route method of a controller. */
export interface RouteInfo {
  readonly declaration: ts.MethodDeclaration;
  readonly httpMethod: HttpMethod;
  /** Full path: prefix + route, normalized, `{name}` variables. */
  readonly path: string;
  readonly routeDecorator: ts.Decorator;
  readonly api?: ApiMark;
  readonly ignored: boolean;
  /** `@Throws(...)` on the method, when it has one. */
  readonly throws?: ts.Decorator;
}

/** A `@Controller()` class. */
export interface ControllerInfo {
  readonly declaration: ts.ClassDeclaration;
  readonly name: string;
  readonly api?: ApiMark;
  readonly ignored: boolean;
  /** Route methods in source order. */
  readonly routes: readonly RouteInfo[];
}

/** What the project declares about client generation. */
export interface ProjectScan {
  /** Whether `@EnableImplicitApi()` is on some class. */
  readonly implicit: boolean;
  /** The files (absolute) with such a class. */
  readonly implicitFiles: readonly string[];
  readonly controllers: readonly ControllerInfo[];
}

/** Finds controllers and the enabling switch in the project's files. */
export function scanProject(
  files: readonly ts.SourceFile[],
  sink: DiagnosticSink,
): ProjectScan {
  const implicitFiles = new Set<string>();
  const controllers: ControllerInfo[] = [];
  for (const file of files) {
    for (const declaration of file.statements) {
      if (!ts.isClassDeclaration(declaration)) continue;
      const decorators = runtimeDecorators(declaration);
      if (decorators.some((d) => d.name === "EnableImplicitApi")) {
        implicitFiles.add(filePathOf(file));
      }
      const controller = decorators.find((d) => d.name === "Controller");
      if (controller === undefined) continue;
      controllers.push(
        readController(declaration, controller.decorator, decorators, sink),
      );
    }
  }
  return {
    implicit: implicitFiles.size > 0,
    implicitFiles: [...implicitFiles],
    controllers,
  };
}

function readController(
  declaration: ts.ClassDeclaration,
  controllerDecorator: ts.Decorator,
  decorators: { name: string; decorator: ts.Decorator }[],
  sink: DiagnosticSink,
): ControllerInfo {
  const name = nameOf(declaration) ?? "Anonymous";
  const prefixArgument = decoratorArguments(controllerDecorator)[0];
  const prefix = prefixArgument === undefined
    ? ""
    : literalString(prefixArgument, sink, `${name}: the controller prefix`) ??
      "";
  const api = readApi(decorators, sink, name);
  const ignored = decorators.some((d) => d.name === "ApiIgnore");
  const routes: RouteInfo[] = [];
  for (const method of instanceMembers(declaration)) {
    if (!ts.isMethodDeclaration(method)) continue;
    const methodDecorators = runtimeDecorators(method);
    const route = methodDecorators.find((d) => ROUTE_DECORATORS.has(d.name));
    if (route === undefined) continue;
    const where = `${name}.${nameOf(method)}`;
    const pathArgument = decoratorArguments(route.decorator)[0];
    const routePath = pathArgument === undefined
      ? ""
      : literalString(pathArgument, sink, `${where}: the route path`) ?? "";
    const methodApi = readApi(methodDecorators, sink, where);
    const throws = methodDecorators.find((d) => d.name === "Throws");
    routes.push({
      declaration: method,
      httpMethod: ROUTE_DECORATORS.get(route.name)!,
      path: joinPath(prefix, routePath),
      routeDecorator: route.decorator,
      ...(methodApi === undefined ? {} : { api: methodApi }),
      ignored: methodDecorators.some((d) => d.name === "ApiIgnore"),
      ...(throws === undefined ? {} : { throws: throws.decorator }),
    });
  }
  return {
    declaration,
    name,
    ...(api === undefined ? {} : { api }),
    ignored,
    routes,
  };
}

/**
 * What two routes must not share: the method and the path with its
 * variables' names left out (`GET /book/{}`), as the router sees them.
 */
export function routeKey(httpMethod: HttpMethod, path: string): string {
  return `${httpMethod} ${path.replace(/\{[^}]*\}/g, "{}")}`;
}

/** `prefix` + `route`, normalized as the runtime does; `/` for the root. */
export function joinPath(prefix: string, route: string): string {
  const joined = normalizePath(normalizePath(prefix) + normalizePath(route));
  return joined === "" ? "/" : joined;
}

function readApi(
  decorators: { name: string; decorator: ts.Decorator }[],
  sink: DiagnosticSink,
  where: string,
): ApiMark | undefined {
  const found = decorators.find((d) => d.name === "Api");
  if (found === undefined) return undefined;
  const argument = decoratorArguments(found.decorator)[0];
  const groups: { name: string; node: ts.Node }[] = [];
  if (argument !== undefined) {
    const elements = ts.isArrayLiteralExpression(argument)
      ? argument.elements
      : [argument];
    for (const element of elements) {
      const value = literalString(element, sink, `${where}: an @Api group`);
      if (value !== undefined) groups.push({ name: value, node: element });
    }
  }
  return { decorator: found.decorator, groups };
}

/** The value of a string literal argument; reported when not one. */
function literalString(
  node: ts.Node,
  sink: DiagnosticSink,
  what: string,
): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    return node.text;
  }
  const type = typeOf(node);
  if (type.isStringLiteral()) return String(type.value);
  sink.error(
    CODES.NON_LITERAL_ARGUMENT,
    node,
    `${what} must be a string literal, found \`${textOf(node)}\``,
    "write the value in place, or use a `const` string",
  );
  return undefined;
}
