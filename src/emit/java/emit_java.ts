/**
 * The Java client emitter: ApiModel -> Spring Cloud OpenFeign interfaces and
 * DTO records (Java 17), as a map from file path to source text.
 *
 * Layout under the base package `<base>` (paths mirror the packages):
 *
 * | Package | Content |
 * |---|---|
 * | `<base>.service` | one `@FeignClient` interface per service (`BookService`), plus a `package-info.java` saying how to enable them |
 * | `<base>.model.dto` | one `final class <Entity>Dto` per entity holding one nested `record` per shape, `<Owner>_<CONSTANT>` (`BookDto.BookController_SIMPLE_FETCHER`); nested associations are nested records named after the property (`BookController_COMPLEX_FETCHER.Store`); a recursive part `<Owner>/<CONSTANT>@<path>` is its own record `<Owner>_<CONSTANT>_<path>` referring to itself |
 * | `<base>.model.enums` | one `enum` per enum, constants named by their values |
 * | `<base>.model.statics` | `Page<T>`, `Tuple2<A, B>`, hybrid and plain types as generic records |
 * | `<base>.model.dynamic` | `Dynamic_<Entity>` records for entities returned without a fetcher, every component nullable |
 *
 * Decisions:
 * - **Client name and address.** Every interface is
 *   `@FeignClient(name = "<clientName>", contextId = "<clientName>-<service>", url = "${<clientName>.client.url}")`:
 *   all services talk to the same server, so they share the client name (the
 *   service id a load balancer would resolve) and get distinct context ids (so
 *   Spring Cloud registers one bean per interface). `clientName` defaults to
 *   {@link DEFAULT_JAVA_CLIENT_NAME}, so the property is `tailor.client.url`.
 *   It has no default value: an unset property fails at start-up; an empty
 *   one makes Spring Cloud fall back to load balancing by client name.
 * - **Absent results** are `Optional<T>`: the decoder chain of Spring Cloud
 *   OpenFeign (`OptionalDecoder` over `SpringDecoder`) turns the spec's empty
 *   200 body (and 404/204) into `Optional.empty()`. No annotation library is
 *   needed for results, and a caller cannot forget the absent case.
 * - **Optional properties and parameters** are boxed and annotated with
 *   `org.springframework.lang.Nullable` (in spring-core, hence on every Spring
 *   Cloud OpenFeign class path; a declaration annotation, so it may precede a
 *   qualified type such as `BookDto.X`). Records never hold `Optional`.
 * - **Numbers**: `integer` -> `long` (`Long` when boxed), `number` -> `double`
 *   (`Double`), `boolean` -> `boolean` (`Boolean`), `string` -> `String`.
 *   Boxed when optional and in type arguments; arrays -> `List<T>`, maps ->
 *   `Map<String, V>`.
 * - **Names.** The base package is validated, never rewritten: a keyword
 *   segment (`com.example.int`) throws {@link JavaEmitError}. Names from the
 *   model are sanitized (`default` -> `default_`, `x-id` -> `x_id`, a record
 *   component named like an `Object` method gets a `_` suffix, duplicates get
 *   `_2`); a renamed property or enum constant keeps its JSON name with
 *   Jackson's `@JsonProperty`, and parameters keep their wire names in the
 *   mapping annotations. A simple name that would be shadowed or ambiguous is
 *   written fully qualified instead of imported.
 * - Query parameters with a default are optional on the client: passing
 *   `null` leaves the parameter out and the server applies the default, which
 *   is also written in `defaultValue` for the reader.
 * - A result that is not nullable keeps its primitive type (`long count()`);
 *   a nullable one is `Optional<Long>`.
 * - Type names that differ only in case get a suffix too (`list` beside
 *   `List` becomes `list_2`): they become file names.
 * - Dependencies of the generated code: Spring Cloud OpenFeign and Spring Web
 *   annotations, spring-core's `Nullable`, and Jackson's `JsonProperty` only
 *   where a name had to change. It compiles under `javac --release 17
 *   -Xlint:all -Xdoclint:all,-missing -Werror`.
 * - Sources are UTF-8 (javac's default since JDK 18; `-encoding UTF-8` before).
 *
 * @module
 */

import type {
  ApiModel,
  EntityDtoModel,
  EnumModel,
  FetchedShapeModel,
  HttpMethod,
  ObjectTypeRef,
  OperationModel,
  ParameterModel,
  PropertyModel,
  ServiceModel,
  StaticTypeModel,
  TypeRef,
} from "../../model/api_model.ts";
import {
  javaPackageProblem,
  kebabCase,
  NameAllocator,
  sanitizeIdentifier,
  sanitizeMemberName,
  sanitizeTypeName,
  upperFirst,
} from "./java_names.ts";
import {
  CompilationUnit,
  type DocTag,
  javadoc,
  javadocText,
  javaString,
} from "./java_source.ts";

export { javaPackageProblem } from "./java_names.ts";

/** Base package when the configuration names none. */
export const DEFAULT_JAVA_BASE_PACKAGE = "com.example.client";

/**
 * Default Feign client name; the server address is read from the Spring
 * property `<clientName>.client.url`, so `tailor.client.url` by default.
 */
export const DEFAULT_JAVA_CLIENT_NAME = "tailor";

/** Options of {@link emitJava}. */
export interface JavaEmitOptions {
  /** Package under which everything is generated (`com.example.client`). */
  readonly basePackage: string;
  /**
   * Feign client name: a lower-case host-name label such as `bookstore`
   * (letters, digits, inner `-`). Default {@link DEFAULT_JAVA_CLIENT_NAME}.
   */
  readonly clientName?: string;
}

/** Options that cannot be honored or a model the emitter cannot express. */
export class JavaEmitError extends Error {
  override name = "JavaEmitError";
}

const CLIENT_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

const NULLABLE = ["org.springframework.lang", "Nullable"] as const;
const JSON_PROPERTY = [
  "com.fasterxml.jackson.annotation",
  "JsonProperty",
] as const;
const FEIGN = "org.springframework.cloud.openfeign";
const WEB = "org.springframework.web.bind.annotation";

const MAPPING: Record<HttpMethod, string> = {
  GET: "GetMapping",
  POST: "PostMapping",
  PUT: "PutMapping",
  PATCH: "PatchMapping",
  DELETE: "DeleteMapping",
};

const INDENT = "    ";

/** A Java type, before its names are spelled in a compilation unit. */
type JType =
  | {
    readonly k: "prim";
    readonly name: "long" | "double" | "boolean";
    readonly box: string;
  }
  | { readonly k: "void" }
  /** A type parameter or a nested record of the enclosing type. */
  | { readonly k: "local"; readonly name: string }
  | {
    readonly k: "ref";
    readonly pkg: string;
    readonly name: string;
    readonly nested: readonly string[];
    readonly args: readonly JType[];
  };

const ref = (
  pkg: string,
  name: string,
  args: readonly JType[] = [],
  nested: readonly string[] = [],
): JType => ({ k: "ref", pkg, name, nested, args });

const PRIMITIVES = {
  string: ref("java.lang", "String"),
  integer: { k: "prim", name: "long", box: "Long" },
  number: { k: "prim", name: "double", box: "Double" },
  boolean: { k: "prim", name: "boolean", box: "Boolean" },
} as const satisfies Record<string, JType>;

/** Java names of every model declaration, decided once per model. */
interface Names {
  readonly packages: {
    readonly service: string;
    readonly dto: string;
    readonly enums: string;
    readonly statics: string;
    readonly dynamic: string;
  };
  readonly services: Map<string, string>;
  readonly dtoClasses: Map<string, string>;
  /** Shape key -> entity's DTO class and the shape's record. */
  readonly shapes: Map<string, { dtoClass: string; record: string }>;
  readonly enums: Map<string, string>;
  readonly statics: Map<string, { java: string; arity: number }>;
  readonly dynamics: Map<string, string>;
  /** Top-level simple names per package. */
  readonly members: Map<string, Set<string>>;
}

/** Where a type is being written: how to name and place inline objects. */
interface Scope {
  readonly names: Names;
  readonly unit: CompilationUnit;
  /** Type parameters in scope: model name -> Java name. */
  readonly typeParameters: ReadonlyMap<string, string>;
  /** Declares a nested record for an inline object; returns its reference. */
  readonly inline: (object: ObjectTypeRef) => JType;
}

/**
 * Pure: ApiModel -> Map<relative path (mirrors the package), Java source>,
 * keys sorted. Throws {@link JavaEmitError} for a bad base package or client
 * name, or a model referring to a shape, static type, enum or dynamic entity
 * it does not declare.
 */
export function emitJava(
  model: ApiModel,
  options: JavaEmitOptions,
): Map<string, string> {
  const problem = javaPackageProblem(options.basePackage);
  if (problem !== undefined) {
    throw new JavaEmitError(`Java base package: ${problem}`);
  }
  const clientName = options.clientName ?? DEFAULT_JAVA_CLIENT_NAME;
  if (!CLIENT_NAME.test(clientName)) {
    throw new JavaEmitError(
      `Java client name "${clientName}" must be a lower-case host-name label such as "bookstore" (letters, digits and inner "-")`,
    );
  }
  const names = allocateNames(model, options.basePackage);
  const files = new Map<string, string>();
  const put = (pkg: string, simple: string, text: string) => {
    files.set(`${pkg.replaceAll(".", "/")}/${simple}.java`, text);
  };

  put(
    names.packages.service,
    "package-info",
    servicePackageInfo(names.packages.service, clientName),
  );
  const contextIds = new Set<string>();
  for (const service of model.services) {
    const java = names.services.get(service.name)!;
    const base = `${clientName}-${kebabCase(service.name)}`;
    let contextId = base;
    for (let n = 2; contextIds.has(contextId); n++) contextId = `${base}-${n}`;
    contextIds.add(contextId);
    put(
      names.packages.service,
      java,
      serviceFile(service, java, { clientName, contextId }, names),
    );
  }
  for (const dto of model.dtos) {
    const java = names.dtoClasses.get(dto.entity)!;
    put(names.packages.dto, java, dtoFile(dto, java, names));
  }
  for (const e of model.enums) {
    const java = names.enums.get(e.name)!;
    put(names.packages.enums, java, enumFile(e, java, names));
  }
  for (const s of model.staticTypes) {
    const java = names.statics.get(s.name)!.java;
    put(names.packages.statics, java, staticFile(s, java, names));
  }
  for (const d of model.dynamicEntities) {
    const java = names.dynamics.get(d.entity)!;
    const unit = new CompilationUnit(
      names.packages.dynamic,
      java,
      names.members.get(names.packages.dynamic)!,
    );
    const body = recordLines(
      {
        name: java,
        typeParameters: [],
        paragraphs: [
          d.doc,
          {
            raw: `The entity <code>${
              javadocText(d.entity)
            }</code> returned without a fetcher: any property may be absent.`,
          },
        ],
        properties: d.properties,
        forceNullable: true,
        modifiers: "public ",
      },
      unit,
      names,
      new Map(),
      new Set(),
      "",
    );
    put(
      names.packages.dynamic,
      java,
      unit.render(header([]), `${body.join("\n")}\n`),
    );
  }
  return new Map(
    [...files].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0),
  );
}

function allocateNames(model: ApiModel, base: string): Names {
  const packages = {
    service: `${base}.service`,
    dto: `${base}.model.dto`,
    enums: `${base}.model.enums`,
    statics: `${base}.model.statics`,
    dynamic: `${base}.model.dynamic`,
  };
  const members = new Map<string, Set<string>>();
  const allocators = new Map<string, NameAllocator>();
  const claim = (pkg: string, base: string): string => {
    const allocator = allocators.get(pkg) ??
      NameAllocator.forTypes(["package-info"]);
    allocators.set(pkg, allocator);
    const name = allocator.claim(base);
    const set = members.get(pkg) ?? new Set();
    set.add(name);
    members.set(pkg, set);
    return name;
  };
  for (const pkg of Object.values(packages)) members.set(pkg, new Set());

  const services = new Map<string, string>();
  for (const s of model.services) {
    services.set(s.name, claim(packages.service, sanitizeTypeName(s.name)));
  }
  const dtoClasses = new Map<string, string>();
  const shapes = new Map<string, { dtoClass: string; record: string }>();
  for (const dto of model.dtos) {
    const dtoClass = claim(packages.dto, sanitizeTypeName(`${dto.entity}Dto`));
    dtoClasses.set(dto.entity, dtoClass);
    const records = NameAllocator.forTypes([dtoClass]);
    for (const shape of dto.shapes) {
      const path = shape.path === undefined
        ? ""
        : `_${shape.path.split(".").join("_")}`;
      const record = records.claim(
        sanitizeTypeName(`${shape.owner}_${shape.fetcher}${path}`),
      );
      shapes.set(shape.key, { dtoClass, record });
    }
  }
  const enums = new Map<string, string>();
  for (const e of model.enums) {
    enums.set(e.name, claim(packages.enums, sanitizeTypeName(e.name)));
  }
  const statics = new Map<string, { java: string; arity: number }>();
  for (const s of model.staticTypes) {
    statics.set(s.name, {
      java: claim(packages.statics, sanitizeTypeName(s.name)),
      arity: s.typeParameters.length,
    });
  }
  const dynamics = new Map<string, string>();
  for (const d of model.dynamicEntities) {
    dynamics.set(
      d.entity,
      claim(packages.dynamic, sanitizeTypeName(`Dynamic_${d.entity}`)),
    );
  }
  return {
    packages,
    services,
    dtoClasses,
    shapes,
    enums,
    statics,
    dynamics,
    members,
  };
}

function toJType(type: TypeRef, scope: Scope): JType {
  const { names } = scope;
  switch (type.kind) {
    case "primitive":
      return PRIMITIVES[type.name];
    case "void":
      return { k: "void" };
    case "enum": {
      const java = names.enums.get(type.name);
      if (java === undefined) throw missing("enum", type.name);
      return ref(names.packages.enums, java);
    }
    case "array":
      return ref("java.util", "List", [toJType(type.element, scope)]);
    case "map":
      return ref("java.util", "Map", [
        PRIMITIVES.string,
        toJType(type.value, scope),
      ]);
    case "fetched": {
      const shape = names.shapes.get(type.key);
      if (shape === undefined) throw missing("shape", type.key);
      return ref(names.packages.dto, shape.dtoClass, [], [shape.record]);
    }
    case "dynamic": {
      const java = names.dynamics.get(type.entity);
      if (java === undefined) throw missing("dynamic entity", type.entity);
      return ref(names.packages.dynamic, java);
    }
    case "static": {
      const s = names.statics.get(type.name);
      if (s === undefined) throw missing("static type", type.name);
      if (s.arity !== type.args.length) {
        throw new JavaEmitError(
          `static type "${type.name}" takes ${s.arity} type argument(s), got ${type.args.length}`,
        );
      }
      return ref(
        names.packages.statics,
        s.java,
        type.args.map((a) => toJType(a, scope)),
      );
    }
    case "typeParameter":
      return {
        k: "local",
        name: scope.typeParameters.get(type.name) ??
          sanitizeTypeName(type.name),
      };
    case "object":
      return scope.inline(type);
  }
}

function missing(what: string, name: string): JavaEmitError {
  return new JavaEmitError(
    `the model refers to ${what} "${name}" but does not declare it`,
  );
}

function spell(type: JType, unit: CompilationUnit, boxed: boolean): string {
  switch (type.k) {
    case "prim":
      return boxed ? unit.ref("java.lang", type.box) : type.name;
    case "void":
      return boxed ? unit.ref("java.lang", "Void") : "void";
    case "local":
      return type.name;
    case "ref": {
      const args = type.args.length === 0
        ? ""
        : `<${type.args.map((a) => spell(a, unit, true)).join(", ")}>`;
      return `${unit.ref(type.pkg, type.name)}${
        type.nested.map((n) => `.${n}`).join("")
      }${args}`;
    }
  }
}

/** The first lines of every file; `from` names the source, escaped here. */
function header(from: readonly string[] | string): string[] {
  if (typeof from !== "string") {
    from = from.length === 0
      ? "the API model"
      : [...new Set(from)].sort().join(", ");
  }
  // Backslashes could start a unicode escape even in a line comment.
  // deno-lint-ignore no-control-regex
  const safe = from.replace(/\\/g, "/").replace(/[\u0000-\u001f\u007f]/g, "?");
  return [
    `// Generated by Tailor from ${safe}. Do not edit: regenerate instead.`,
    "",
  ];
}

interface RecordSpec {
  readonly name: string;
  /** Java names of the type parameters, in order. */
  readonly typeParameters: readonly string[];
  readonly paragraphs: readonly (string | { raw: string } | undefined)[];
  readonly properties: readonly PropertyModel[];
  /** Every component nullable (dynamic entities). */
  readonly forceNullable: boolean;
  /** `public ` for every record we write. */
  readonly modifiers: string;
}

/**
 * A record with one component per property; inline objects among the
 * properties' types become nested records named after the property.
 */
function recordLines(
  spec: RecordSpec,
  unit: CompilationUnit,
  names: Names,
  typeParameters: ReadonlyMap<string, string>,
  enclosing: ReadonlySet<string>,
  indent: string,
): string[] {
  const nestedNames = NameAllocator.forTypes([
    ...enclosing,
    spec.name,
    ...spec.typeParameters,
  ]);
  const componentNames = new NameAllocator();
  const nested: { name: string; object: ObjectTypeRef; doc?: string }[] = [];
  const tags: DocTag[] = [];
  const components = spec.properties.map((p) => {
    const java = componentNames.claim(sanitizeMemberName(p.name));
    const hint = sanitizeTypeName(upperFirst(p.name));
    const type = toJType(p.type, {
      names,
      unit,
      typeParameters,
      inline: (object) => {
        const name = nestedNames.claim(hint);
        unit.declare(name);
        nested.push({
          name,
          object,
          ...(p.doc === undefined ? {} : { doc: p.doc }),
        });
        return { k: "local", name };
      },
    });
    if (p.doc !== undefined) {
      tags.push({ tag: "param", name: java, text: p.doc });
    }
    const nullable = p.optional || spec.forceNullable;
    const annotations: string[] = [];
    if (java !== p.name) {
      annotations.push(
        `@${unit.ref(...JSON_PROPERTY)}(${javaString(p.name)}) `,
      );
    }
    if (nullable) annotations.push(`@${unit.ref(...NULLABLE)} `);
    return `${annotations.join("")}${spell(type, unit, nullable)} ${java}`;
  });
  const inner = indent + INDENT;
  const generics = spec.typeParameters.length === 0
    ? ""
    : `<${spec.typeParameters.join(", ")}>`;
  const out = [...javadoc(indent, spec.paragraphs, tags)];
  if (components.length === 0) {
    out.push(`${indent}${spec.modifiers}record ${spec.name}${generics}() {`);
  } else {
    out.push(`${indent}${spec.modifiers}record ${spec.name}${generics}(`);
    components.forEach((c, i) => {
      out.push(`${inner}${c}${i < components.length - 1 ? "," : ""}`);
    });
    out.push(`${indent}) {`);
  }
  const within = new Set([...enclosing, spec.name]);
  for (const n of nested) {
    out.push("");
    out.push(
      ...recordLines(
        {
          name: n.name,
          typeParameters: [],
          paragraphs: [
            n.doc,
            n.object.entity === undefined ? undefined : {
              raw: `A shape of <code>${javadocText(n.object.entity)}</code>.`,
            },
          ],
          properties: n.object.properties,
          forceNullable: spec.forceNullable,
          modifiers: "public ",
        },
        unit,
        names,
        new Map(),
        within,
        inner,
      ),
    );
  }
  out.push(`${indent}}`);
  return out;
}

function dtoFile(dto: EntityDtoModel, java: string, names: Names): string {
  const unit = new CompilationUnit(
    names.packages.dto,
    java,
    names.members.get(names.packages.dto)!,
  );
  for (const shape of dto.shapes) {
    unit.declare(names.shapes.get(shape.key)!.record);
  }
  const out = [
    ...javadoc("", [
      dto.doc,
      {
        raw: `Shapes of <code>${
          javadocText(dto.entity)
        }</code>: one record per (owner, fetcher) pair.`,
      },
    ]),
    `public final class ${java} {`,
    "",
    `${INDENT}private ${java}() {`,
    `${INDENT}}`,
  ];
  for (const shape of dto.shapes) {
    out.push("");
    out.push(
      ...recordLines(
        {
          name: names.shapes.get(shape.key)!.record,
          typeParameters: [],
          paragraphs: [shape.doc, { raw: shapeDescription(shape) }],
          properties: shape.type.properties,
          forceNullable: false,
          modifiers: "public ",
        },
        unit,
        names,
        new Map(),
        new Set([java]),
        INDENT,
      ),
    );
  }
  out.push("}");
  return unit.render(
    header(dto.shapes.map((s) => s.source.file)),
    `${out.join("\n")}\n`,
  );
}

function shapeDescription(shape: FetchedShapeModel): string {
  const constant = `<code>${
    javadocText(`${shape.owner}.${shape.fetcher}`)
  }</code>`;
  return shape.path === undefined
    ? `The shape of the fetcher ${constant}.`
    : `The recursive part <code>${
      javadocText(shape.path)
    }</code> of the fetcher ${constant}.`;
}

function enumFile(e: EnumModel, java: string, names: Names): string {
  const unit = new CompilationUnit(
    names.packages.enums,
    java,
    names.members.get(names.packages.enums)!,
  );
  const constants = new NameAllocator();
  const lines = e.values.map((v, i) => {
    const name = constants.claim(sanitizeIdentifier(v.value));
    const annotation = name === v.value
      ? ""
      : `@${unit.ref(...JSON_PROPERTY)}(${javaString(v.value)}) `;
    const end = i < e.values.length - 1 ? "," : "";
    return [
      ...javadoc(INDENT, [v.doc]),
      `${INDENT}${annotation}${name}${end}`,
    ];
  });
  const out = [
    ...javadoc("", [e.doc]),
    `public enum ${java} {`,
    ...lines.flat(),
    "}",
  ];
  return unit.render(header([]), `${out.join("\n")}\n`);
}

function staticFile(s: StaticTypeModel, java: string, names: Names): string {
  const unit = new CompilationUnit(
    names.packages.statics,
    java,
    names.members.get(names.packages.statics)!,
  );
  const params = new NameAllocator([java]);
  const typeParameters = new Map<string, string>();
  for (const p of s.typeParameters) {
    const name = params.claim(sanitizeTypeName(p));
    typeParameters.set(p, name);
    unit.declare(name);
  }
  const body = recordLines(
    {
      name: java,
      typeParameters: [...typeParameters.values()],
      paragraphs: [s.doc],
      properties: s.properties,
      forceNullable: false,
      modifiers: "public ",
    },
    unit,
    names,
    typeParameters,
    new Set(),
    "",
  );
  const from = s.source === undefined
    ? `the runtime type ${s.name}`
    : [s.source.file];
  return unit.render(header(from), `${body.join("\n")}\n`);
}

function servicePackageInfo(pkg: string, clientName: string): string {
  const lines = [
    ...header([]),
    ...javadoc("", [
      "Spring Cloud OpenFeign clients of the API, one interface per service.",
      {
        raw: `Enable them with <code>&#64;EnableFeignClients(basePackages = "${
          javadocText(pkg)
        }")</code> and set the server address in the Spring property <code>${clientName}.client.url</code>. An empty address lets Spring Cloud LoadBalancer resolve the client name <code>${clientName}</code> instead.`,
      },
    ]),
    `package ${pkg};`,
    "",
  ];
  return lines.join("\n");
}

function serviceFile(
  service: ServiceModel,
  java: string,
  feign: { readonly clientName: string; readonly contextId: string },
  names: Names,
): string {
  const { clientName, contextId } = feign;
  const unit = new CompilationUnit(
    names.packages.service,
    java,
    names.members.get(names.packages.service)!,
  );
  const nestedNames = NameAllocator.forTypes([java]);
  const methodNames = new NameAllocator();
  const nested: { name: string; object: ObjectTypeRef }[] = [];
  const scope = (hint: string): Scope => ({
    names,
    unit,
    typeParameters: new Map(),
    inline: (object) => {
      const name = nestedNames.claim(sanitizeTypeName(hint));
      unit.declare(name);
      nested.push({ name, object });
      return { k: "local", name };
    },
  });
  const methods = service.operations.map((op) =>
    operationLines(
      op,
      methodNames.claim(sanitizeMemberName(op.name)),
      unit,
      scope,
    )
  );
  const feignAttributes = [
    `name = ${javaString(clientName)}`,
    `contextId = ${javaString(contextId)}`,
    `url = ${javaString(`\${${clientName}.client.url}`)}`,
  ].join(", ");
  const out = [
    ...javadoc("", [
      service.doc,
      {
        raw: `Client of <code>${javadocText(service.controller)}</code>.`,
      },
    ]),
    `@${unit.ref(FEIGN, "FeignClient")}(${feignAttributes})`,
    `public interface ${java} {`,
  ];
  for (const m of methods) out.push("", ...m);
  for (const n of nested) {
    out.push("");
    out.push(
      ...recordLines(
        {
          name: n.name,
          typeParameters: [],
          paragraphs: [],
          properties: n.object.properties,
          forceNullable: false,
          modifiers: "",
        },
        unit,
        names,
        new Map(),
        new Set([java]),
        INDENT,
      ),
    );
  }
  out.push("}");
  return unit.render(header([service.source.file]), `${out.join("\n")}\n`);
}

function operationLines(
  op: OperationModel,
  java: string,
  unit: CompilationUnit,
  scope: (hint: string) => Scope,
): string[] {
  const paramNames = new NameAllocator();
  const tags: DocTag[] = [];
  const params = op.parameters.map((p) => {
    const name = paramNames.claim(sanitizeMemberName(p.name));
    if (p.doc !== undefined) tags.push({ tag: "param", name, text: p.doc });
    const type = toJType(
      p.type,
      scope(upperFirst(op.name) + upperFirst(p.name)),
    );
    const nullable = !p.required;
    const nullableMark = nullable ? `@${unit.ref(...NULLABLE)} ` : "";
    return `${parameterAnnotation(p, unit)} ${nullableMark}${
      spell(type, unit, nullable)
    } ${name}`;
  });
  const resultType = toJType(
    op.result.type,
    scope(`${upperFirst(op.name)}Result`),
  );
  const result = op.result.nullable && resultType.k !== "void"
    ? `${unit.ref("java.util", "Optional")}<${spell(resultType, unit, true)}>`
    : spell(resultType, unit, false);
  const out = [
    ...javadoc(INDENT, [op.doc], tags),
    `${INDENT}@${unit.ref(WEB, MAPPING[op.httpMethod])}(${
      javaString(op.path)
    })`,
  ];
  if (params.length === 0) {
    out.push(`${INDENT}${result} ${java}();`);
  } else {
    out.push(`${INDENT}${result} ${java}(`);
    params.forEach((p, i) => {
      out.push(`${INDENT}${INDENT}${p}${i < params.length - 1 ? "," : ""}`);
    });
    out.push(`${INDENT});`);
  }
  return out;
}

function parameterAnnotation(p: ParameterModel, unit: CompilationUnit): string {
  const wire = javaString(p.wireName);
  switch (p.in) {
    case "path":
      return p.required
        ? `@${unit.ref(WEB, "PathVariable")}(${wire})`
        : `@${unit.ref(WEB, "PathVariable")}(name = ${wire}, required = false)`;
    case "query": {
      const parts = [`name = ${wire}`, `required = ${p.required}`];
      if (p.defaultValue !== undefined) {
        parts.push(`defaultValue = ${javaString(String(p.defaultValue))}`);
      }
      return `@${unit.ref(WEB, "RequestParam")}(${parts.join(", ")})`;
    }
    case "header":
      return p.required
        ? `@${unit.ref(WEB, "RequestHeader")}(${wire})`
        : `@${
          unit.ref(WEB, "RequestHeader")
        }(name = ${wire}, required = false)`;
    case "body":
      return p.required
        ? `@${unit.ref(WEB, "RequestBody")}`
        : `@${unit.ref(WEB, "RequestBody")}(required = false)`;
  }
}
