/**
 * Static types of the model: classes, interfaces and object type aliases
 * that are not entities, generic ones with their type parameters, their
 * properties read bases first (`extends Base<X>`). A static type that
 * writes `FetchBy` anywhere is "hybrid", one from the runtime "builtin".
 *
 * @module
 */

import {
  type ClassDeclaration,
  Node,
  SyntaxKind,
  type TypeLiteralNode,
  type TypeNode,
  type TypeParameterDeclaration,
  type TypeReferenceNode,
} from "ts-morph";
import type {
  PropertyModel,
  StaticTypeModel,
  TypeRef,
} from "../model/api_model.ts";
import type { DiagnosticSink } from "./codes.ts";
import { docOf } from "./docs.ts";
import { classOf } from "./entities.ts";
import {
  isLibNode,
  type Mapped,
  type OwnerDeclaration,
  plain,
  reportUnsupported,
  reportVague,
  type Site,
  type TypeNodeMapper,
} from "./mapping.ts";
import {
  isIdentifierName,
  isRuntimeNode,
  propertyName,
  resolvedSymbol,
  runtimeDecorators,
  runtimeNameOfSymbol,
  typeReferenceNameNode,
} from "./symbols.ts";
import type { TypeNames } from "./type_names.ts";

/** The `@DefaultFetcherOwner(X)` of a class, else the class itself. */
export function defaultOwner(declaration: ClassDeclaration): ClassDeclaration {
  for (const { name, decorator } of runtimeDecorators(declaration)) {
    if (name !== "DefaultFetcherOwner") continue;
    const expression = decorator.getExpression();
    if (!Node.isCallExpression(expression)) continue;
    const argument = expression.getArguments()[0];
    const owner = argument === undefined ? undefined : classOf(argument);
    if (owner !== undefined) return owner;
  }
  return declaration;
}

/** Whether a declaration writes `FetchBy` anywhere in it. */
function containsFetchBy(declaration: Node): boolean {
  return declaration.getDescendantsOfKind(SyntaxKind.TypeReference).some((
    reference,
  ) =>
    runtimeNameOfSymbol(resolvedSymbol(typeReferenceNameNode(reference))) ===
      "FetchBy"
  );
}

/** Maps references to static types and keeps the types they reach. */
export class StaticTypes {
  readonly #sink: DiagnosticSink;
  readonly #names: TypeNames;
  readonly #types: TypeNodeMapper;
  /** Static types by name; undefined while being built. */
  readonly #statics = new Map<string, StaticTypeModel | undefined>();

  /**
   * Names are claimed in `names`; members and type arguments are mapped by
   * `types`; errors go to `sink`.
   */
  constructor(sink: DiagnosticSink, names: TypeNames, types: TypeNodeMapper) {
    this.#sink = sink;
    this.#names = names;
    this.#types = types;
  }

  /** The static types registered so far, in the order they were reached. */
  models(): StaticTypeModel[] {
    return [...this.#statics.values()].filter((model) => model !== undefined);
  }

  /**
   * The properties of an object type literal; undefined when one cannot be
   * described (reported).
   */
  literalProperties(
    node: TypeLiteralNode,
    site: Site,
  ): PropertyModel[] | undefined {
    const properties: PropertyModel[] = [];
    let failed = false;
    for (const member of node.getMembers()) {
      if (!Node.isPropertySignature(member)) {
        reportUnsupported(
          this.#sink,
          member,
          site,
          "only properties can be described",
        );
        failed = true;
        continue;
      }
      const property = this.#property(member, site);
      if (property === undefined) failed = true;
      else properties.push(property);
    }
    return failed ? undefined : properties;
  }

  /** A property signature or declaration as a PropertyModel. */
  #property(
    member: Node & {
      getTypeNode(): TypeNode | undefined;
      hasQuestionToken(): boolean;
    },
    site: Site,
  ): PropertyModel | undefined {
    const name = propertyName(member);
    const typeNode = member.getTypeNode();
    const memberSite: Site = {
      where: site.typeName === undefined
        ? `${site.where}, property ${name}`
        : `${site.where}, in ${site.typeName}.${name}`,
      owner: site.owner,
      env: site.env,
    };
    if (!isIdentifierName(name)) {
      this.#names.reportPropertyName(member, name, memberSite.where);
      return undefined;
    }
    const mapped = typeNode === undefined
      ? this.#types.mapInferred(member.getType(), member, memberSite)
      : this.#types.map(typeNode, memberSite);
    if (mapped === undefined) return undefined;
    if (mapped.type.kind === "void") {
      reportUnsupported(
        this.#sink,
        typeNode ?? member,
        memberSite,
        "a property without a value",
      );
      return undefined;
    }
    const doc = docOf(member);
    return {
      name,
      type: mapped.type,
      optional: member.hasQuestionToken() || mapped.nullable,
      ...(doc === undefined ? {} : { doc }),
    };
  }

  /**
   * A reference (`node`, with type arguments `args`) to a class, interface
   * or object type alias: registers the declaration as a static type.
   */
  staticRef(
    declaration: OwnerDeclaration,
    args: TypeNode[],
    node: TypeReferenceNode,
    site: Site,
  ): Mapped | undefined {
    const name = declaration.getName() ?? "Anonymous";
    const parameters = declaration.getTypeParameters();
    if (args.length > parameters.length) {
      return reportUnsupported(this.#sink, node, site);
    }
    const mappedArgs = this.typeArguments(parameters, args, node, site);
    if (mappedArgs === undefined) return undefined;
    if (!this.#ensureStatic(declaration, node, site)) return undefined;
    return plain({ kind: "static", name, args: mappedArgs });
  }

  /**
   * The type arguments of a reference to a generic declaration, one per type
   * parameter: the written argument, else the parameter's default. Undefined,
   * with the error reported, at the first that is missing or cannot be
   * mapped.
   */
  typeArguments(
    parameters: readonly TypeParameterDeclaration[],
    args: readonly TypeNode[],
    node: TypeReferenceNode,
    site: Site,
  ): TypeRef[] | undefined {
    const mappedArgs: TypeRef[] = [];
    for (const [i, parameter] of parameters.entries()) {
      const argument = args[i] ?? parameter.getDefault();
      if (argument === undefined) {
        return reportVague(
          this.#sink,
          node,
          site,
          `no type argument for ${parameter.getName()}`,
        );
      }
      const mapped = this.#types.mapValue(argument, site);
      if (mapped === undefined) return undefined;
      mappedArgs.push(mapped);
    }
    return mappedArgs;
  }

  /**
   * Claims the declaration's name and registers its static type the first
   * time (its type parameters stay parameters); false on a name clash.
   */
  #ensureStatic(
    declaration: OwnerDeclaration,
    node: Node,
    site: Site,
  ): boolean {
    const name = declaration.getName() ?? "Anonymous";
    if (!this.#names.claim("type", name, declaration, node, site.where)) {
      return false;
    }
    if (this.#statics.has(name)) return true;
    this.#statics.set(name, undefined);
    const builtin = isRuntimeNode(declaration);
    const parameters = declaration.getTypeParameters();
    const env = new Map<Node, TypeRef>(
      parameters.map((p) => [p, { kind: "typeParameter", name: p.getName() }]),
    );
    const properties = this.#members(declaration, env, site.where) ?? [];
    const doc = docOf(declaration);
    const origin = builtin
      ? "builtin"
      : containsFetchBy(declaration)
      ? "hybrid"
      : "plain";
    this.#statics.set(name, {
      name,
      origin,
      ...(doc === undefined ? {} : { doc }),
      typeParameters: parameters.map((p) => p.getName()),
      properties,
      ...(builtin ? {} : {
        source: this.#sink.location(declaration.getNameNode() ?? declaration),
      }),
    });
    return true;
  }

  /** Properties of a class, interface or object type alias, bases first. */
  #members(
    declaration: OwnerDeclaration,
    env: ReadonlyMap<Node, TypeRef>,
    reachedFrom: string,
  ): PropertyModel[] | undefined {
    const name = declaration.getName() ?? "Anonymous";
    const owner = Node.isClassDeclaration(declaration)
      ? defaultOwner(declaration)
      : declaration;
    const site: Site = { where: reachedFrom, owner, env, typeName: name };
    const properties: PropertyModel[] = [];
    const add = (property: PropertyModel | undefined) => {
      if (property === undefined) return;
      const index = properties.findIndex((p) => p.name === property.name);
      if (index >= 0) properties[index] = property;
      else properties.push(property);
    };
    // Bases first: `extends Base<X>`.
    const heritage = Node.isClassDeclaration(declaration)
      ? [declaration.getExtends()].filter((h) => h !== undefined)
      : Node.isInterfaceDeclaration(declaration)
      ? declaration.getExtends()
      : [];
    for (const clause of heritage) {
      const base = resolvedSymbol(clause.getExpression())?.getDeclarations()
        .find((d) =>
          Node.isClassDeclaration(d) || Node.isInterfaceDeclaration(d)
        );
      if (
        base === undefined || isLibNode(base) ||
        !(Node.isClassDeclaration(base) || Node.isInterfaceDeclaration(base))
      ) {
        reportUnsupported(
          this.#sink,
          clause,
          site,
          "the base type cannot be described",
        );
        continue;
      }
      const baseEnv = new Map<Node, TypeRef>();
      const args = clause.getTypeArguments();
      for (const [i, parameter] of base.getTypeParameters().entries()) {
        const argument = args[i] ?? parameter.getDefault();
        const mapped = argument && this.#types.mapValue(argument, site);
        if (mapped !== undefined) baseEnv.set(parameter, mapped);
      }
      for (const property of this.#members(base, baseEnv, reachedFrom) ?? []) {
        add(property);
      }
    }
    if (Node.isClassDeclaration(declaration)) {
      for (const member of declaration.getMembers()) {
        if (Node.isConstructorDeclaration(member)) {
          for (const parameter of member.getParameters()) {
            if (!parameter.isParameterProperty()) continue;
            if (
              parameter.getScope() === "private" ||
              parameter.getScope() === "protected"
            ) continue;
            add(this.#property(parameter, site));
          }
          continue;
        }
        if (!Node.isPropertyDeclaration(member) || member.isStatic()) continue;
        const scope = member.getScope();
        if (scope === "private" || scope === "protected") continue;
        if (member.getNameNode().getKind() === SyntaxKind.PrivateIdentifier) {
          continue;
        }
        add(this.#property(member, site));
      }
    } else if (Node.isInterfaceDeclaration(declaration)) {
      for (const member of declaration.getMembers()) {
        if (Node.isPropertySignature(member)) add(this.#property(member, site));
        else if (!Node.isMethodSignature(member)) {
          reportUnsupported(
            this.#sink,
            member,
            site,
            "only properties can be described",
          );
        }
      }
    } else {
      const literal = declaration.getTypeNode();
      if (literal !== undefined && Node.isTypeLiteral(literal)) {
        for (const property of this.literalProperties(literal, site) ?? []) {
          add(property);
        }
      }
    }
    return properties;
  }
}
