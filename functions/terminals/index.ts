/**
 * The terminals domain's face: what the local stack needs to seed a demo terminal. Terminals
 * record their visitors' feelings through the feelings domain's face (decision 0028).
 */
export { importTerminals, type NewTerminal } from './repository';
export { keyDigest } from './service';
