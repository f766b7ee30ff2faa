/**
 * The entity side of the synthetic project (see `synthetic_project.ts`):
 * entity classes, one file each, chained by associations of every kind, and
 * the fetcher expressions the controllers build on them.
 *
 * Entity `i` has 5 to 15 scalars, a to-one to entity `i - 1` (with its
 * one-to-many inverse), a many-to-many to entity `i - 2` (with its `mappedBy`
 * inverse), a `@Formula` every third entity and, every tenth entity, a
 * self-association (`parent` / `childNodes`) for recursive fetchers.
 *
 * @module
 */

/** Entities per module folder (`domain/m<k>/`). */
export const ENTITIES_PER_MODULE = 3;

const NOUNS = [
  "Account",
  "Invoice",
  "Shipment",
  "Warehouse",
  "Supplier",
  "Ticket",
  "Project",
  "Employee",
  "Asset",
  "Contract",
];

/** Scalar properties, in order; entity `i` has the first 5 to 15. */
const SCALARS: readonly (readonly [string, string])[] = [
  ["name", "string"],
  ["code", "string"],
  ["amount", "number"],
  ["quantity", "Int"],
  ["active", "boolean"],
  ["note", "string | null"],
  ["status", "STATUS"],
  ["kind", "KIND"],
  ["createdAt", "string"],
  ["rank", "Int"],
  ["weight", "number"],
  ["label", "string"],
  ["email", "string | null"],
  ["score", "number"],
  ["revision", "Int"],
];

/** Class name of entity `i`. */
export function entityName(i: number): string {
  return `${NOUNS[i % NOUNS.length]}${i}`;
}

/** Module (folder index) of entity `i`. */
export function moduleOf(i: number): number {
  return Math.floor(i / ENTITIES_PER_MODULE);
}

/** Path of entity `i`'s file, relative to the project root. */
export function entityFile(i: number): string {
  return `domain/m${moduleOf(i)}/entities/${snake(entityName(i))}.ts`;
}

/** Path of module `k`'s enums, relative to the project root. */
export function enumsFile(k: number): string {
  return `domain/m${k}/enums.ts`;
}

function snake(name: string): string {
  return name.replace(/([a-z])([A-Z0-9])/g, "$1_$2").toLowerCase();
}

function lower(name: string): string {
  return name[0]!.toLowerCase() + name.slice(1);
}

/** Number of scalar properties of entity `i` (5 to 15). */
export function scalarCount(i: number): number {
  return 5 + (i * 7) % 11;
}

/** Whether entity `i` has the self-association `parent` / `childNodes`. */
export function isTree(i: number): boolean {
  return i % 10 === 0;
}

/** The to-one property of entity `i` to entity `i - 1`. */
export function toOneName(i: number): string {
  return lower(entityName(i - 1));
}

/** The one-to-many property of entity `i` listing entities `i + 1`. */
export function toManyName(i: number): string {
  return `${lower(entityName(i + 1))}List`;
}

/** The many-to-many property of entity `i` to entities `i - 2`. */
function manyToManyName(i: number): string {
  return `${lower(entityName(i - 2))}Links`;
}

/** Import path from a file in `domain/m<k>/<folder>/` to a root path. */
export function fromDomainFile(path: string): string {
  return `../../../${path}`;
}

/**
 * A fetcher of entity `i` with a few scalars, nested along the to-one chain
 * `depth` more levels (fewer when the chain ends).
 */
export function chainFetcher(i: number, depth: number, offset = 0): string {
  const scalars = [0, 1, 2, 3, 4].filter((s) => (s + offset) % 2 === 0)
    .map((s) => `.${SCALARS[s]![0]}()`).join("");
  const base = `fetcher(${entityName(i)})${scalars}`;
  if (depth === 0 || i === 0) return base;
  return `${base}.${toOneName(i)}(${chainFetcher(i - 1, depth - 1, offset)})`;
}

/** The entities a fetcher from {@link chainFetcher} names. */
export function chainEntities(i: number, depth: number): number[] {
  return depth === 0 || i === 0 ? [i] : [i, ...chainEntities(i - 1, depth - 1)];
}

/**
 * A fetcher of entity `i` with one collection association (of the `count`
 * entities), and the entities it names.
 */
export function listFetcher(
  i: number,
  count: number,
): { readonly text: string; readonly entities: number[] } {
  const head = `fetcher(${entityName(i)}).name().amount()`;
  if (i + 1 < count) {
    return {
      text: `${head}.${toManyName(i)}(fetcher(${
        entityName(i + 1)
      }).name().active())`,
      entities: [i, i + 1],
    };
  }
  if (i >= 2) {
    return {
      text: `${head}.${manyToManyName(i)}(fetcher(${
        entityName(i - 2)
      }).code())`,
      entities: [i, i - 2],
    };
  }
  return { text: `fetcher(${entityName(i)}).allScalarFields()`, entities: [i] };
}

/** A recursive fetcher of tree entity `t`. */
export function treeFetcher(t: number, depth?: number): string {
  const options = depth === undefined
    ? "{ recursive: true }"
    : `{ recursive: true, depth: ${depth} }`;
  const node = `fetcher(${entityName(t)}).name().code()`;
  return `${node}.childNodes(${node}, ${options})`;
}

function scalarLines(i: number): string[] {
  const k = moduleOf(i);
  return SCALARS.slice(0, scalarCount(i)).flatMap(([name, type], s) => {
    const declared = type.replace("STATUS", `Status${k}`)
      .replace("KIND", `Kind${k}`);
    const nullable = declared.endsWith("| null");
    return [
      ...(s % 3 === 0
        ? [`  /** The ${name} of the ${lower(NOUNS[i % 10]!)}. */`]
        : []),
      nullable ? "  @Column({ nullable: true })" : "  @Column()",
      `  ${name}!: ${declared};`,
      "",
    ];
  });
}

function associationLines(i: number, count: number): string[] {
  const lines: string[] = [];
  const self = entityName(i);
  const add = (doc: string, decorator: string, declaration: string) =>
    lines.push(`  /** ${doc} */`, `  ${decorator}`, `  ${declaration}`, "");
  if (i >= 1) {
    const target = entityName(i - 1);
    const nullable = i % 2 === 0;
    add(
      `The ${target} this belongs to.`,
      `@ManyToOne(() => ${target}${nullable ? ", { nullable: true }" : ""})`,
      `${toOneName(i)}!: ${target}${nullable ? " | null" : ""};`,
    );
  }
  if (i + 1 < count) {
    const target = entityName(i + 1);
    add(
      `The ${target}s belonging to this.`,
      `@OneToMany(() => ${target}, "${toOneName(i + 1)}")`,
      `${toManyName(i)}!: ${target}[];`,
    );
  }
  if (i >= 2) {
    const target = entityName(i - 2);
    add(
      `Linked ${target}s.`,
      `@ManyToMany(() => ${target})`,
      `${manyToManyName(i)}!: ${target}[];`,
    );
  }
  if (i + 2 < count) {
    const target = entityName(i + 2);
    add(
      `The ${target}s linking here.`,
      `@ManyToMany(() => ${target}, { mappedBy: "${manyToManyName(i + 2)}" })`,
      `${lower(target)}Backlinks!: ${target}[];`,
    );
  }
  if (isTree(i)) {
    add(
      "The parent node; absent for a root.",
      `@ManyToOne(() => ${self}, { nullable: true })`,
      `parent!: ${self} | null;`,
    );
    add(
      "Child nodes.",
      `@OneToMany(() => ${self}, "parent")`,
      `childNodes!: ${self}[];`,
    );
  }
  return lines;
}

function enumImport(i: number): string[] {
  const k = moduleOf(i);
  const used = [[7, `Kind${k}`], [6, `Status${k}`]] as const;
  const names = used.filter(([s]) => scalarCount(i) > s).map(([, n]) => n);
  if (names.length === 0) return [];
  return [
    `import type { ${names.join(", ")} } from "${
      fromDomainFile(enumsFile(k))
    }";`,
  ];
}

/** The source of entity `i`'s file, among `count` entities. */
export function entitySource(i: number, count: number, mod: string): string {
  const others = [i - 2, i - 1, i + 1, i + 2]
    .filter((j) => j >= 0 && j < count)
    .map((j) =>
      `import { ${entityName(j)} } from "${fromDomainFile(entityFile(j))}";`
    );
  const formula = i % 3 === 0
    ? [
      "  /** Computed in SQL. */",
      `  @Formula("(select count(*) from t where t.owner_id = %alias.id)")`,
      "  total?: Computed<number>;",
      "",
    ]
    : [];
  return [
    "import {",
    "  Column, type Computed, Entity, Formula, Id, type Int, ManyToMany,",
    "  ManyToOne, OneToMany,",
    `} from "${mod}";`,
    ...enumImport(i),
    ...others,
    "",
    `/** A ${lower(NOUNS[i % 10]!)} (entity ${i}). */`,
    "@Entity()",
    `export class ${entityName(i)} {`,
    "  @Id()",
    "  id!: Int;",
    "",
    ...scalarLines(i),
    ...formula,
    ...associationLines(i, count),
  ].join("\n").trimEnd() + "\n}\n";
}

/** The source of module `k`'s enums: a string enum and a literal union. */
export function enumsSource(k: number): string {
  return `/** Status of a record of module ${k}. */
export enum Status${k} {
  /** Just created. */
  OPEN = "OPEN",
  /** Being worked on. */
  ACTIVE = "ACTIVE",
  /** Finished. */
  CLOSED = "CLOSED",
}

/** Kind of a record of module ${k}. */
export type Kind${k} = "STANDARD" | "EXPRESS" | "BULK";
`;
}
