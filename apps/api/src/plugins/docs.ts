import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import { finishDocument, routeKey, type OpenApiDocument } from '../openapi/document.js';

/**
 * OpenAPI generated from the same zod schemas the routes validate with, then completed from the
 * route table and src/openapi/ (ids, security, errors, examples: decision 037); UI at /api/docs.
 */
export async function registerDocs(app: FastifyInstance, config: Config) {
  // The rate budget each route names, read while the routes are documented.
  const routeBudgets = new Map<string, string>();
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Revuhub API',
        description:
          'Questions, reviews, stores and checkout. Log in with `POST /api/users/login` and send its token as `Authorization: Bearer <token>`. Every error answers the `ErrorBody` envelope.',
        version: '1.0.0',
      },
    },
    transform: (input) => {
      const budget = input.route.config?.rateBudget;
      if (budget) {
        for (const method of [input.route.method].flat())
          routeBudgets.set(routeKey(method, input.url), budget);
      }
      return jsonSchemaTransform(input);
    },
    transformObject: (input) => {
      if (!('openapiObject' in input)) return input.swaggerObject;
      const finished = finishDocument(input.openapiObject as unknown as OpenApiDocument, {
        publicUrl: config.PUBLIC_URL,
        port: config.PORT,
        limits: {
          global: config.RATE_LIMIT_PER_MINUTE,
          budgets: {
            registration: config.RATE_LIMIT_REGISTRATIONS_PER_MINUTE,
            posting: config.RATE_LIMIT_POSTS_PER_MINUTE,
            upload: config.RATE_LIMIT_UPLOADS_PER_MINUTE,
            order: config.RATE_LIMIT_ORDERS_PER_MINUTE,
            lookup: config.RATE_LIMIT_LOOKUPS_PER_MINUTE,
          },
        },
        routeBudgets,
      });
      return finished as unknown as typeof input.openapiObject;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
