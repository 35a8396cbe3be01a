/**
 * The terminals domain's face: nothing other domains call; its routes are its use. Terminals
 * record their visitors' feelings through the feelings domain's face (decision 0028). What the
 * demo needs to seed a terminal is its seeding section, seeding.ts.
 */
export {};
