/**
 * `RequestHeaders.java` of the Java client: a constant per header the server
 * reads on every operation (`orm.client.request-headers`), sent by a Feign
 * `RequestInterceptor` the application declares, not by a parameter on
 * every method (Spring Cloud OpenFeign's way for a tenant or a trace id).
 *
 * @module
 */

import { fileHeader, javadoc, javaString } from "./java_source.ts";

/** The file's text: class `java` of package `pkg` holding `headers`. */
export function requestHeadersFile(
  pkg: string,
  java: string,
  headers: readonly string[],
): string {
  const taken = new Set<string>();
  const constants = headers.flatMap((header) => {
    const base = header.toUpperCase().replace(/[^A-Z0-9]/g, "_");
    let name = /^[0-9]/.test(base) ? `_${base}` : base;
    for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
    taken.add(name);
    return [
      `    /** The header <code>${header}</code>. */`,
      `    public static final String ${name} = ${javaString(header)};`,
    ];
  });
  const example = `${java}.${[...taken][0]}`;
  return [
    ...fileHeader("the configuration (orm.client.request-headers)"),
    `package ${pkg};`,
    "",
    ...javadoc("", [
      "Headers the server reads on every operation, besides each method's parameters.",
      {
        raw:
          `Send them with a Feign interceptor bean: <code>&#64;Bean RequestInterceptor headers() { return template -&gt; template.header(${example}, currentValue()); }</code>.`,
      },
    ]),
    `public final class ${java} {`,
    `    private ${java}() {}`,
    "",
    ...constants,
    "}",
    "",
  ].join("\n");
}
