/**
 * The name registry of the model and the entity lookup: two declarations
 * may not share a client-side name within a name space (types, entities,
 * fetcher owners, services), and every class asked about is read once as an
 * `@Entity()` or found not to be one.
 *
 * @module
 */

import { CODES, type DiagnosticSink } from "./codes.ts";
import { filePathOf, type ts } from "./compiler.ts";
import { type EntityInfo, isEntityClass, readEntity } from "./entities.ts";
import { checkEmbeddables, isEmbeddableClass } from "./embeddables.ts";
import { isIdentifierName } from "./symbols.ts";

/** Name spaces in which two declarations may not share a name. */
export type NameSpace = "type" | "entity" | "owner" | "service";

/** Claims client-side names and reads entity classes (both cached). */
export class TypeNames {
  readonly #sink: DiagnosticSink;
  readonly #names = new Map<string, ts.Node>();
  /** Entities read so far, by entity name. */
  readonly #entityInfos = new Map<string, EntityInfo>();
  /** Every class asked about: its entity, or null when it is none. */
  readonly #entities = new Map<ts.ClassDeclaration, EntityInfo | null>();
  /** Every class asked about as an embeddable: its properties, or null. */
  readonly #embeddables = new Map<ts.ClassDeclaration, EntityInfo | null>();

  /** Clashes and bad property names are reported to `sink`. */
  constructor(sink: DiagnosticSink) {
    this.#sink = sink;
  }

  /**
   * Claims a name for a declaration in a name space; reports a clash when
   * another declaration has it.
   */
  claim(
    space: NameSpace,
    name: string,
    declaration: ts.Node,
    at: ts.Node,
    where?: string,
  ): boolean {
    const key = `${space}:${name}`;
    const existing = this.#names.get(key);
    if (existing === undefined) {
      this.#names.set(key, declaration);
      return true;
    }
    if (existing === declaration) return true;
    const other = this.#sink.location(existing);
    this.#sink.error(
      CODES.NAME_CLASH,
      at,
      `${
        where === undefined ? "" : `${where}: `
      }two declarations are named ${name} ` +
        `(the other is at ${other.file}:${other.line}:${other.column}); ` +
        "the client would mix them up",
      "rename one of them",
    );
    return false;
  }

  /** Reports a property whose name the clients cannot write. */
  reportPropertyName(member: ts.Node, name: string, where: string): void {
    const nameNode = (member as { name?: ts.Node }).name ?? member;
    this.#sink.error(
      CODES.PROPERTY_NAME,
      nameNode,
      `${where}: the property name ${
        JSON.stringify(name)
      } is not an identifier, so the clients (TypeScript fields, Java ` +
        "getters, fetcher text) cannot name it",
      "rename the property to an identifier (letters, digits, _ and $, not starting with a digit)",
    );
  }

  /** The entity of a class, when the class is an `@Entity()` (cached). */
  entityOf(declaration: ts.ClassDeclaration): EntityInfo | undefined {
    let info = this.#entities.get(declaration);
    if (info === undefined) {
      info = isEntityClass(declaration) ? readEntity(declaration) : null;
      this.#entities.set(declaration, info);
      if (info !== null) {
        for (const property of info.properties) {
          if (isIdentifierName(property.name)) continue;
          this.reportPropertyName(
            property.declaration,
            property.name,
            `entity ${info.name}`,
          );
        }
        this.#checkEmbedded(info, false);
        if (!this.#entityInfos.has(info.name)) {
          this.#entityInfos.set(info.name, info);
        }
        this.claim(
          "entity",
          info.name,
          declaration,
          declaration.name ?? declaration,
        );
      }
    }
    return info ?? undefined;
  }

  /**
   * The properties of an `@Embeddable()` class (cached), read as an
   * entity's are; what it gets wrong is reported once.
   */
  embeddableOf(declaration: ts.ClassDeclaration): EntityInfo | undefined {
    let info = this.#embeddables.get(declaration);
    if (info === undefined) {
      info = isEmbeddableClass(declaration) ? readEntity(declaration) : null;
      this.#embeddables.set(declaration, info);
      if (info !== null) this.#checkEmbedded(info, true);
    }
    return info ?? undefined;
  }

  /** Checks the embeddables of `info` and, once each, those it embeds. */
  #checkEmbedded(info: EntityInfo, embeddable: boolean): void {
    checkEmbeddables(info, embeddable, this.#sink);
    for (const property of info.properties) {
      if (property.kind === "embedded" && property.target !== undefined) {
        this.embeddableOf(property.target);
      }
    }
  }

  /** Every name claimed (`space:name`) and its declaration (`path#pos`). */
  claims(): Map<string, string> {
    return new Map(
      [...this.#names].map(([key, node]) => [
        key,
        `${filePathOf(node)}#${node.pos}`,
      ]),
    );
  }

  /** The entity first read under `name`, if any was. */
  entityNamed(name: string): EntityInfo | undefined {
    return this.#entityInfos.get(name);
  }
}
