/**
 * Writes a synthetic server project of N controllers x M routes (with
 * fetchers, pages, nullable results, bodies and parameters) and measures
 * how long the analyzer takes on it.
 *
 *   deno run -A scripts/synthetic_project.ts [--controllers 50] [--routes 20] [--out DIR] [--keep]
 *
 * Without --out the project goes to a new temporary directory, removed at
 * the end unless --keep is given.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { analyzeProject } from "../src/analyze/analyze.ts";

const MOD = fileURLToPath(new URL("../mod.ts", import.meta.url));

/** Size of a synthetic project. */
export interface SyntheticOptions {
  readonly controllers: number;
  readonly routes: number;
}

const ENTITIES = (mod: string) =>
  `import {
  Column, Entity, Id, type Int, ManyToMany, ManyToOne, OneToMany,
} from "${mod}";

/** Status of an order. */
export enum Status {
  /** Just placed. */
  OPEN = "OPEN",
  /** Delivered. */
  DONE = "DONE",
}

/** A customer. */
@Entity()
export class Customer {
  @Id()
  id!: Int;
  /** Name. */
  @Column()
  name!: string;
  /** Mail address. */
  @Column({ nullable: true })
  email!: string | null;
  /** Orders of the customer. */
  @OneToMany(() => Order, "customer")
  orders!: Order[];
}

/** An order. */
@Entity()
export class Order {
  @Id()
  id!: Int;
  /** Status. */
  @Column()
  status!: Status;
  /** Total amount. */
  @Column()
  total!: number;
  /** Who ordered. */
  @ManyToOne(() => Customer)
  customer!: Customer;
  /** What was ordered. */
  @ManyToMany(() => Product)
  products!: Product[];
}

/** A product. */
@Entity()
export class Product {
  @Id()
  id!: Int;
  /** Label. */
  @Column()
  label!: string;
  /** Unit price. */
  @Column()
  price!: number;
  /** Orders containing it. */
  @ManyToMany(() => Order, { mappedBy: "products" })
  orders!: Order[];
}
`;

function controller(index: number, routes: number, mod: string): string {
  const name = `Resource${index}Controller`;
  const lines = [
    `import {`,
    `  Controller, type FetchBy, fetcher, Get, type Int, type Page,`,
    `  type PathVariable, Post, type RequestBody, type RequestParam,`,
    `} from "${mod}";`,
    `import { Customer, Order, Product, type Status } from "./entities.ts";`,
    ``,
    `/** Input of resource ${index}. */`,
    `export interface Resource${index}Input {`,
    `  /** Label. */`,
    `  readonly label: string;`,
    `  readonly status?: Status;`,
    `}`,
    ``,
    `/** Resource ${index}. */`,
    `@Controller("/r${index}")`,
    `export class ${name} {`,
    `  /** Orders with customer and products. */`,
    `  static readonly ORDER = fetcher(Order).status().total()`,
    `    .customer(fetcher(Customer).name().email())`,
    `    .products(fetcher(Product).label().price());`,
    `  /** Customers with their orders. */`,
    `  static readonly CUSTOMER = fetcher(Customer).name()`,
    `    .orders(fetcher(Order).status());`,
    `  /** Products, scalars only. */`,
    `  static readonly PRODUCT = fetcher(Product).allScalarFields();`,
  ];
  for (let r = 0; r < routes; r++) {
    lines.push("");
    switch (r % 4) {
      case 0:
        lines.push(
          `  /** Lists orders (${r}). */`,
          `  @Get("/orders${r}")`,
          `  list${r}(`,
          `    pageIndex: RequestParam<Int> = 0,`,
          `    pageSize: RequestParam<Int> = 10,`,
          `  ): Promise<Page<FetchBy<typeof ${name}.ORDER>>> {`,
          `    throw new Error(String(pageIndex + pageSize));`,
          `  }`,
        );
        break;
      case 1:
        lines.push(
          `  /** Finds a customer (${r}). */`,
          `  @Get("/customers${r}/{id}")`,
          `  find${r}(`,
          `    id: PathVariable<Int>,`,
          `  ): Promise<FetchBy<typeof ${name}.CUSTOMER> | undefined> {`,
          `    throw new Error(String(id));`,
          `  }`,
        );
        break;
      case 2:
        lines.push(
          `  /** Creates (${r}). */`,
          `  @Post("/items${r}")`,
          `  create${r}(`,
          `    input: RequestBody<Resource${index}Input>,`,
          `  ): Promise<FetchBy<"PRODUCT">> {`,
          `    throw new Error(input.label);`,
          `  }`,
        );
        break;
      default:
        lines.push(
          `  /** Products by label (${r}). */`,
          `  @Get("/products${r}")`,
          `  products${r}(`,
          `    label?: string,`,
          `  ): Promise<Record<string, FetchBy<typeof ${name}.PRODUCT>[]>> {`,
          `    throw new Error(label);`,
          `  }`,
        );
    }
  }
  lines.push(`}`, ``);
  return lines.join("\n");
}

/** Writes the project into `dir` (which must exist). */
export async function writeSyntheticProject(
  dir: string,
  options: SyntheticOptions,
  mod: string = MOD,
): Promise<void> {
  await Deno.writeTextFile(`${dir}/entities.ts`, ENTITIES(mod));
  await Deno.writeTextFile(
    `${dir}/app.ts`,
    `import { EnableImplicitApi } from "${mod}";\n\n` +
      `/** The synthetic application. */\n@EnableImplicitApi()\nexport class App {}\n`,
  );
  for (let i = 0; i < options.controllers; i++) {
    await Deno.writeTextFile(
      `${dir}/resource${i}_controller.ts`,
      controller(i, options.routes, mod),
    );
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      controllers: { type: "string", default: "50" },
      routes: { type: "string", default: "20" },
      out: { type: "string" },
      keep: { type: "boolean", default: false },
    },
  });
  const options = {
    controllers: Number(values.controllers),
    routes: Number(values.routes),
  };
  const dir = values.out ?? await Deno.makeTempDir({ prefix: "tailor_synth_" });
  await Deno.mkdir(dir, { recursive: true });
  await writeSyntheticProject(dir, options);
  const started = performance.now();
  const result = await analyzeProject(dir);
  const elapsed = performance.now() - started;
  const operations = result.ok
    ? result.model.services.reduce((n, s) => n + s.operations.length, 0)
    : 0;
  console.log(
    `${options.controllers} controllers x ${options.routes} routes in ${dir}: ` +
      `${result.ok ? `${operations} operations` : "FAILED"} in ${
        elapsed.toFixed(0)
      } ms`,
  );
  if (!result.ok) console.log(JSON.stringify(result.diagnostics.slice(0, 5)));
  if (values.out === undefined && !values.keep) {
    await Deno.remove(dir, { recursive: true });
  }
}
