/**
 * The service files of the Java client: one Spring Cloud OpenFeign
 * interface per service (`@FeignClient`, one Spring Web mapping annotation
 * per operation) and the service package's `package-info.java` saying how to
 * enable them.
 *
 * @module
 */

import type {
  HttpMethod,
  OperationModel,
  ParameterModel,
  ServiceModel,
} from "../../model/api_model.ts";
import { flattenQuery } from "../../model/query_object.ts";
import { constraintAnnotations } from "./constraint_annotations.ts";
import { compilationUnit, type DeclarationNames } from "./declaration_names.ts";
import { LineWriter } from "./line_writer.ts";
import { NameAllocator, sanitizeMemberName, upperFirst } from "./java_names.ts";
import {
  type CompilationUnit,
  type DocTag,
  fileHeader,
  javadoc,
  javadocText,
  javaString,
} from "./java_source.ts";
import { NULLABLE, spell, toJType, type TypeScope } from "./java_types.ts";
import { NestedRecords, writeRecord } from "./records.ts";
import { declaredErrorsParagraph } from "./error_records.ts";

const FEIGN = "org.springframework.cloud.openfeign";
const WEB = "org.springframework.web.bind.annotation";

const MAPPING: Record<HttpMethod, string> = {
  GET: "GetMapping",
  POST: "PostMapping",
  PUT: "PutMapping",
  PATCH: "PatchMapping",
  DELETE: "DeleteMapping",
};

/** The Feign client identity of one service interface. */
export interface FeignClientId {
  /** Shared by every interface: the service id of the server. */
  readonly clientName: string;
  /** Distinct per interface, so Spring registers one bean each. */
  readonly contextId: string;
}

/** `package-info.java` of the service package. */
export function servicePackageInfo(pkg: string, clientName: string): string {
  const lines = [
    ...fileHeader([]),
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

/** The `@FeignClient` interface of a service. */
export function serviceFile(
  service: ServiceModel,
  java: string,
  feign: FeignClientId,
  names: DeclarationNames,
): string {
  const unit = compilationUnit(names, names.packages.service, java);
  const nested = new NestedRecords(unit, [java]);
  const methodNames = new NameAllocator();
  const scope = (hint: string): TypeScope => ({
    names,
    typeParameters: new Map(),
    inline: (object) => nested.declare(hint, object),
  });
  const feignAttributes = [
    `name = ${javaString(feign.clientName)}`,
    `contextId = ${javaString(feign.contextId)}`,
    `url = ${javaString(`\${${feign.clientName}.client.url}`)}`,
  ].join(", ");
  const w = new LineWriter();
  w.lines(javadoc("", [
    service.doc,
    { raw: `Client of <code>${javadocText(service.controller)}</code>.` },
  ]));
  w.line(`@${unit.ref(FEIGN, "FeignClient")}(${feignAttributes})`);
  w.line(`public interface ${java} {`);
  w.indented(() => {
    for (const op of service.operations) {
      w.line();
      writeOperation(
        w,
        op,
        methodNames.claim(sanitizeMemberName(op.name)),
        unit,
        scope,
        names,
      );
    }
    for (const n of nested.entries) {
      w.line();
      writeRecord(w, {
        name: n.name,
        paragraphs: [],
        properties: n.object.properties,
        inInterface: true,
      }, { unit, names, enclosing: new Set([java]) });
    }
  });
  w.line("}");
  return unit.render(fileHeader([service.source.file]), w.text());
}

function writeOperation(
  w: LineWriter,
  op: OperationModel,
  java: string,
  unit: CompilationUnit,
  scope: (hint: string) => TypeScope,
  names: DeclarationNames,
): void {
  const paramNames = new NameAllocator();
  const tags: DocTag[] = [];
  // A client fetcher travels as fetcherCode or fetcherId.
  const wire = op.parameters.flatMap((p) =>
    p.fetcher === undefined ? [p] : flattenQuery(p)
  );
  const params = wire.map((p) => {
    const name = paramNames.claim(sanitizeMemberName(p.name));
    if (p.doc !== undefined) tags.push({ tag: "param", name, text: p.doc });
    const type = toJType(
      p.type,
      scope(upperFirst(op.name) + upperFirst(p.name)),
    );
    const nullable = !p.required;
    const nullableMark = nullable ? `@${unit.ref(...NULLABLE)} ` : "";
    return `${parameterAnnotation(p, unit)} ${
      constraintAnnotations(p.constraints, p.type, unit)
    }${nullableMark}${spell(type, unit, nullable)} ${name}`;
  });
  const resultType = toJType(
    op.result.type,
    scope(`${upperFirst(op.name)}Result`),
  );
  const result = op.result.nullable && resultType.k !== "void"
    ? `${unit.ref("java.util", "Optional")}<${spell(resultType, unit, true)}>`
    : spell(resultType, unit, false);
  w.lines(
    javadoc("", [op.doc, declaredErrorsParagraph(op, unit, names)], tags),
  );
  const mapping = op.parameters.some((p) => p.in === "part")
    ? `value = ${javaString(op.path)}, consumes = "multipart/form-data"`
    : javaString(op.path);
  w.line(`@${unit.ref(WEB, MAPPING[op.httpMethod])}(${mapping})`);
  w.list(`${result} ${java}`, params, ";");
}

function parameterAnnotation(p: ParameterModel, unit: CompilationUnit): string {
  const wire = javaString(p.wireName);
  switch (p.in) {
    case "path":
      return p.required
        ? `@${unit.ref(WEB, "PathVariable")}(${wire})`
        : `@${unit.ref(WEB, "PathVariable")}(name = ${wire}, required = false)`;
    case "query": {
      // An object parameter: Spring Cloud OpenFeign writes one query
      // parameter per property, as the server reads them.
      if (p.properties !== undefined) {
        return `@${unit.ref(FEIGN, "SpringQueryMap")}`;
      }
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
    case "part":
      return p.required
        ? `@${unit.ref(WEB, "RequestPart")}(${wire})`
        : `@${unit.ref(WEB, "RequestPart")}(name = ${wire}, required = false)`;
  }
}
