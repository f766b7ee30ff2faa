import {
  Column,
  Entity,
  Id,
  type Int,
  ManyToOne,
} from "../../../../../runtime.ts";

/** Size of a shirt. */
export enum Size {
  S = "S",
  M = "M",
  L = "L",
}

/** A maker of shirts. */
@Entity()
export class Maker {
  @Id()
  id!: Int;

  /** Name of the maker. */
  @Column()
  name!: string;

  /** Country, when known. */
  @Column({ nullable: true })
  country!: string | null;
}

/** A shirt. */
@Entity()
export class Shirt {
  @Id()
  id!: Int;

  /** Name of the shirt. */
  @Column()
  name!: string;

  /** Its size. */
  @Column()
  size!: Size;

  /** Price. */
  @Column()
  price!: number;

  /** Who makes it. */
  @ManyToOne(() => Maker, { nullable: true })
  maker!: Maker | null;
}
