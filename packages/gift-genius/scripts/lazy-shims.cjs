// Stands in for @modelcontextprotocol/server/_shims in the stdio bundle (build-stdio.mjs): the same
// exports, but the SDK's default JSON Schema validator (ajv, the largest part of the bundle) is loaded
// when a first schema is validated (an elicitation answer, a JSON-Schema tool), not at every start.
// The SDK calls nothing but getValidator on it (its jsonSchemaValidator interface).
const process = require('node:process');

let shims;
const real = () => {
  shims ??= require('@modelcontextprotocol/server/_shims?real');
  return shims;
};

class DefaultJsonSchemaValidator {
  getValidator(schema) {
    this.inner ??= new (real().DefaultJsonSchemaValidator)();
    return this.inner.getValidator(schema);
  }
}

module.exports = { DefaultJsonSchemaValidator, process };
