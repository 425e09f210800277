// Request validators and answer serialisers compiled when a route first uses them, not at start (issue 15:
// compiling the schemas of every route with ajv and fast-json-stringify was most of the server's start-up
// time). The compilers are Fastify's own defaults with Fastify's options; only the moment changes. A
// schema the compilers refuse therefore fails its route's first request, not the start: the attack
// suite's fuzzer calls every route, so such a schema still fails `npm test`.
import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type Factories = NonNullable<SchemaController['compilersFactory']>;
type Compile<Fn> = (definition: never) => Fn;

/** Ajv reports a refusal on the validator itself (`validate.errors`), so the stand-in does too. */
type Validate = ((data: unknown) => unknown) & { errors?: unknown };

function lazyValidator(compile: Compile<Validate>) {
  return (definition: never): Validate => {
    let compiled: Validate | undefined;
    const validate: Validate = (data) => {
      compiled ??= compile(definition);
      const result = compiled(data);
      validate.errors = compiled.errors;
      return result;
    };
    return validate;
  };
}

function lazySerializer(compile: Compile<(data: unknown) => string>) {
  return (definition: never) => {
    let compiled: ((data: unknown) => string) | undefined;
    return (data: unknown) => (compiled ??= compile(definition))(data);
  };
}

const buildValidator = AjvCompiler();
const buildSerializer = SerializerSelector();

export const lazySchemaController: SchemaController = {
  compilersFactory: {
    buildValidator: ((...pool: Parameters<typeof buildValidator>) =>
      lazyValidator(buildValidator(...pool) as Compile<Validate>)) as Factories['buildValidator'],
    buildSerializer: ((...pool: Parameters<typeof buildSerializer>) =>
      lazySerializer(buildSerializer(...pool) as Compile<(data: unknown) => string>)) as Factories['buildSerializer'],
  },
};
