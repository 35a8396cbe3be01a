/**
 * Stands in for `jsonschema` in the Lambda bundles. ElectroDB checks each model with it when an
 * Entity is built; the product switches that check off at run time and runs it in CI instead
 * (docs/decisions/0004-cold-start.md), so the 29 KB library would only be loaded, never used.
 */
class Validator {
  addSchema() {}

  validate() {
    throw new Error('Model validation runs in CI, not in a Lambda (docs/decisions/0004-cold-start.md)');
  }
}
Validator.prototype.customFormats = {};

module.exports = { Validator };
