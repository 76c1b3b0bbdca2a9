/**
 * Schema compilers that compile on a route's first use instead of at registration. Building the
 * app compiles ~100 request validators and ~300 response serializers; a test file uses a handful,
 * so tests build their apps with these (buildApp's `lazyCompile`). The server keeps compiling
 * everything at start, so a schema that does not compile stops it before it takes traffic.
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifySchemaCompiler } from 'fastify';

type Validator = ((data: unknown) => unknown) & { errors?: unknown };

export function lazyValidatorCompiler(compile: FastifySchemaCompiler<object>): FastifySchemaCompiler<object> {
  return (route) => {
    let inner: Validator | undefined;
    const validate: Validator = (data) => {
      inner ??= compile(route) as Validator;
      const result = inner(data);
      // Fastify reads the failures from the function it was given.
      validate.errors = inner.errors;
      return result;
    };
    return validate as ReturnType<FastifySchemaCompiler<object>>;
  };
}

type SerializerFactory = ReturnType<typeof SerializerSelector>;

/** Fastify's own fast-json-stringify serializer factory, each serializer built on first use. */
export const lazySerializerFactory: SerializerFactory = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas, options);
  return (route) => {
    let inner: ((data: unknown) => string) | undefined;
    return (data: unknown) => {
      inner ??= compile(route);
      return inner(data);
    };
  };
};
